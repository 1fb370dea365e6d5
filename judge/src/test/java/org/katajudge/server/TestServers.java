package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.TestHome;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.report.Schemas;
import org.katajudge.report.ReportJson;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Servers for tests: on a free loopback port, a data folder of the test's own, few random cases. */
final class TestServers {

    /** Random cases per method of a full attempt in tests: enough to find the samples' bugs, quick. */
    static final int CASES = 60;

    private TestServers() {
    }

    static ServerOptions options(Path data, Optional<Path> katas, List<String> students, QueueLimits limits,
                                 ClassExports exports) {
        return new ServerOptions("127.0.0.1", 0, Optional.of(katas.orElse(TestHome.katas())), data, students,
                Optional.empty(), GradingOptions.grading(0, CASES), Optional.empty(), limits,
                ServerOptions.DEFAULT_MAX_BODY, exports);
    }

    static KataServer playground(Path data) {
        return KataServer.start(options(data, Optional.empty(), List.of(), new QueueLimits(2, 50, 3, 60), ClassExports.NONE));
    }

    /** The API's schema with the report's definitions merged in, checking one definition. */
    static Schemas.Checked schema(String definition) {
        try {
            ObjectNode api = (ObjectNode) read("schema/server-api.schema.json");
            JsonNode report = read("schema/report.schema.json");
            ObjectNode defs = (ObjectNode) api.get("$defs");
            Iterator<Map.Entry<String, JsonNode>> reportDefs = report.get("$defs").fields();
            while (reportDefs.hasNext()) {
                Map.Entry<String, JsonNode> def = reportDefs.next();
                if (!defs.has(def.getKey())) {
                    defs.set(def.getKey(), def.getValue());
                }
            }
            String text = ReportJson.mapper().writeValueAsString(api).replace("report.schema.json#/$defs/", "#/$defs/");
            ObjectNode merged = (ObjectNode) ReportJson.mapper().readTree(text);
            merged.put("$ref", "#/$defs/" + definition);
            return Schemas.of("server-api.schema.json#/$defs/" + definition, merged);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode read(String resource) throws IOException {
        try (InputStream in = TestServers.class.getClassLoader().getResourceAsStream(resource)) {
            return ReportJson.mapper().readTree(in);
        }
    }
}
