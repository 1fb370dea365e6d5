package org.katajudge.compile;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.katajudge.compile.PolicyScannerTest.body;
import static org.katajudge.compile.TestCompiler.onlyViolation;
import static org.katajudge.compile.TestCompiler.squareColor;

/**
 * Threads, files and network reached through APIs the policy file does not name one by one:
 * parallel stream factories, ConcurrentHashMap's parallel bulk operations, other concurrency
 * classes, and modules other than java.base (java.xml, java.desktop): none of them is on the list.
 */
class IndirectForbiddenUsesTest {
    @Test
    void aParallelStreamFromStreamSupportIsRejected() {
        assertEquals("a kata call runs on one thread; this makes parallel streams", onlyViolation(squareColor(body("""
                        long n = java.util.stream.StreamSupport.stream(java.util.List.of(1, 2).spliterator(), true).count();
                """))).why());
    }
    @Test
    void concurrentHashMapParallelBulkOperationsAreRejected() {
        assertEquals("a kata call runs on one thread; this runs tasks on others", onlyViolation(squareColor(body("""
                        new java.util.concurrent.ConcurrentHashMap<String, Integer>(java.util.Map.of("a", 1)).forEach(1, (k, v) -> { });
                """))).why());
    }
    @Test
    void submissionPublisherIsRejected() {
        assertEquals(PolicyScannerTest.OTHERWISE, onlyViolation(squareColor(body("""
                        new java.util.concurrent.SubmissionPublisher<String>().submit(coordinate);
                """))).why());
    }
    @Test
    void xmlParsersAndTransformersCannotReachFilesOrTheNetwork() {
        squareColorRejectedFor("""
                        Object d = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse("http://example.com/a.xml");
                """);
        squareColorRejectedFor("""
                        javax.xml.transform.TransformerFactory.newInstance().newTransformer().transform(new javax.xml.transform.stream.StreamSource(new java.io.StringReader("<a/>")), new javax.xml.transform.stream.StreamResult("/tmp/out.xml"));
                """);
    }
    @Test
    void desktopTimersAndEventQueuesAreRejected() {
        squareColorRejectedFor("""
                        new javax.swing.Timer(10, e -> { }).start();
                """);
        squareColorRejectedFor("""
                        java.awt.EventQueue.invokeLater(() -> { });
                """);
    }

    private static void squareColorRejectedFor(String statement) {
        TestCompiler.assertRejected(squareColor(body(statement)));
    }
}
