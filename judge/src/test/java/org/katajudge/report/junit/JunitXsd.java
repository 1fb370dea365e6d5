package org.katajudge.report.junit;

import org.w3c.dom.Document;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.io.IOException;
import java.io.StringReader;
import java.net.URL;

/**
 * Checks JUnit XML against the schema Maven Surefire publishes for its reports (and Jenkins
 * reads), kept in {@code src/test/resources/xsd/surefire-test-report.xsd} with its source.
 */
public final class JunitXsd {

    private static final Schema SCHEMA;

    static {
        try {
            URL xsd = JunitXsd.class.getClassLoader().getResource("xsd/surefire-test-report.xsd");
            SCHEMA = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
        } catch (SAXException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private JunitXsd() {
    }

    /** The document, parsed, after checking it is well-formed XML valid against the schema. */
    public static Document assertValid(String xml) {
        try {
            SCHEMA.newValidator().validate(new StreamSource(new StringReader(xml)));
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (SAXException e) {
            throw new AssertionError("not valid against the Surefire JUnit XML schema: " + e.getMessage() + "\n" + xml, e);
        } catch (IOException | ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
