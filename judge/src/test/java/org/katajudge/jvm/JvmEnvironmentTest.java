package org.katajudge.jvm;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class JvmEnvironmentTest {

    @Test
    void aHelperJvmGetsTheJudgesEnvironmentWithoutTheOptionVariables() {
        ProcessBuilder builder = new ProcessBuilder("java", "-version");
        builder.environment().put("JAVA_TOOL_OPTIONS", "-agentlib:jdwp=transport=dt_socket,server=y,address=5005");
        builder.environment().put("JDK_JAVA_OPTIONS", "-Xmx8g");
        builder.environment().put("_JAVA_OPTIONS", "-Xmx8g");
        builder.environment().put("KATA_JUDGE_TEST", "kept");
        JvmEnvironment.stated(builder);
        for (String variable : JvmEnvironment.OPTION_VARIABLES) {
            assertFalse(builder.environment().containsKey(variable), variable);
        }
        assertEquals("kept", builder.environment().get("KATA_JUDGE_TEST"));
    }

    @Test
    void theVariablesOptionsAreReadWordByWordInTheJvmsOrder() {
        assertEquals(List.of("-javaagent:/a.jar", "-Dx=1", "-Xmx1g", "-verbose:gc"), JvmEnvironment.optionsFrom(Map.of(
                "JAVA_TOOL_OPTIONS", "  -javaagent:/a.jar \t -Dx=1 ", "JDK_JAVA_OPTIONS", "-Xmx1g", "_JAVA_OPTIONS", "-verbose:gc",
                "PATH", "/usr/bin")));
        assertEquals(List.of(), JvmEnvironment.optionsFrom(Map.of("JAVA_TOOL_OPTIONS", " ")));
    }
}
