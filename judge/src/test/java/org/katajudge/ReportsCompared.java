package org.katajudge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/** JSON reports made comparable between runs that must give the same results. */
public final class ReportsCompared {

    private ReportsCompared() {
    }

    /**
     * The report (changed in place) without what measures time: "timings", "seconds", fields ending
     * in Millis or Nanos. Nothing else is left out: a stack overflow's trace, whose depth varies from
     * run to run, is reported without a count of the frames left out (sandbox/runner/CallLoop).
     */
    public static JsonNode withoutTimings(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> fields = new ArrayList<>();
            object.fieldNames().forEachRemaining(fields::add);
            for (String field : fields) {
                if (field.equals("timings") || field.equals("seconds") || field.endsWith("Millis") || field.endsWith("Nanos")) {
                    object.remove(field);
                }
            }
        }
        if (node != null) {
            node.forEach(ReportsCompared::withoutTimings);
        }
        return node;
    }
}
