package org.katajudge.catalog;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.katajudge.TestHome;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.reference.Katas;
import org.katajudge.kata.ValueType;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every fixed example of every kata, against the kata's reference implementation. */
class ExamplesAgainstReferenceTest {

    @Test
    void everyKataHasAFolderAndExamples() {
        KataCatalog catalog = TestHome.catalog();
        assertEquals(Katas.all().size(), catalog.katas().size());
        assertEquals(6, catalog.katas().size(), "the six katas of RULES.md");
        for (KataDefinition kata : catalog.katas()) {
            assertFalse(kata.examples().isEmpty(), kata.id() + " has no examples");
            for (EntryPoint entryPoint : kata.entryPoints()) {
                assertTrue(kata.examples().stream().anyMatch(e -> e.method().equals(entryPoint.method())),
                        kata.id() + "." + entryPoint.method() + " has no example");
            }
        }
    }

    @TestFactory
    Stream<DynamicContainer> referencePassesEveryExample() {
        return TestHome.catalog().katas().stream().map(kata -> DynamicContainer.dynamicContainer(kata.id(),
                kata.examples().stream().map(example -> DynamicTest.dynamicTest(example.name(), () -> {
                    EntryPoint entryPoint = kata.entryPoint(example.method());
                    Object[] args = example.args();
                    Explanation explanation = entryPoint.explain(args);
                    ValueType type = entryPoint.returns();
                    assertTrue(type.equal(example.expected(), explanation.answer()),
                            () -> example.name() + ": expected " + ValueType.show(example.expected())
                                    + ", reference answered " + ValueType.show(explanation.answer())
                                    + " (" + explanation.reason() + ")");
                    assertFalse(explanation.reason().isBlank(), "a reason is given");
                }))));
    }

    @Test
    void bundledCopyMatchesTheFolders() throws CatalogException {
        KataCatalog bundled = KataCatalog.loadBundled();
        KataCatalog onDisk = TestHome.catalog();
        for (KataDefinition kata : onDisk.katas()) {
            assertEquals(kata.examples(), bundled.byId(kata.id()).orElseThrow().examples(), kata.id());
            assertEquals(kata.spec(), bundled.byId(kata.id()).orElseThrow().spec(), kata.id());
        }
    }
}
