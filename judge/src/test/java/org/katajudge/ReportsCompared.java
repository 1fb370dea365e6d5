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
     * in Millis or Nanos; and without the count of a deep stack trace's frames left out ("... 1012
     * more"): how deep a StackOverflowError gets depends on when the JIT compiled the frames, from run
     * to run, caches or not (measured: 1012, 1012, 1012, 1014 in four runs without any cache).
     */
    public static JsonNode withoutTimings(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> fields = new ArrayList<>();
            object.fieldNames().forEachRemaining(fields::add);
            for (String field : fields) {
                if (field.equals("timings") || field.equals("seconds") || field.endsWith("Millis") || field.endsWith("Nanos")) {
                    object.remove(field);
                } else if (object.get(field).isTextual()) {
                    object.put(field, object.get(field).asText().replaceAll("\\.\\.\\. \\d+ more", "... N more"));
                }
            }
        }
        if (node != null) {
            node.forEach(ReportsCompared::withoutTimings);
        }
        return node;
    }
}
