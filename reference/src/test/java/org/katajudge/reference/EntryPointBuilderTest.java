package org.katajudge.reference;

import org.junit.jupiter.api.Test;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.BOOLEAN;
import static org.katajudge.kata.ValueType.STRING;

/** {@link EntryPoint.Builder}: what it requires, and examples-only entry points. */
class EntryPointBuilderTest {

    private static EntryPoint.Builder isLight() {
        return EntryPoint.method("isLight")
                .returns(BOOLEAN)
                .parameter(STRING, "coordinate")
                .reference(args -> new Explanation(true, "light", List.of()))
                .renderer(args -> (String) args[0]);
    }

    @Test
    void anEntryPointWithoutAGeneratorMustSayItIsExamplesOnly() {
        NullPointerException missing = assertThrows(NullPointerException.class, () -> isLight().build());
        assertEquals("isLight: generator (or examplesOnly() for a method tested only by the kata's fixed examples)",
                missing.getMessage());

        EntryPoint examplesOnly = isLight().examplesOnly().build();
        assertFalse(examplesOnly.hasGenerator());
        assertTrue(examplesOnly.generator().isEmpty());
        IllegalStateException none = assertThrows(IllegalStateException.class,
                () -> examplesOnly.generate(ChoiceSequence.EMPTY.replay()));
        assertEquals("isLight has no generator: it is tested by the fixed examples only", none.getMessage());
        assertEquals(true, examplesOnly.explain("a2").answer(), "the reference still answers the examples");
        assertEquals("public static boolean isLight(String coordinate)", examplesOnly.signature());
    }

    @Test
    void contradictionsAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> isLight().examplesOnly().generator(choices -> new Object[] {"a1"}).build());
        assertThrows(IllegalArgumentException.class, () -> isLight().examplesOnly().smallDomain(true).build());
        EntryPoint generated = isLight().generator(choices -> new Object[] {"a1"}).build();
        assertTrue(generated.hasGenerator());
        assertEquals("a1", generated.generate(ChoiceSequence.EMPTY.replay())[0]);
    }

    @Test
    void missingPartsAreNamed() {
        assertEquals("isLight: renderer", assertThrows(NullPointerException.class, () -> EntryPoint.method("isLight")
                .returns(BOOLEAN).reference(args -> null).examplesOnly().build()).getMessage());
        assertEquals("isLight: returns", assertThrows(NullPointerException.class, () -> EntryPoint.method("isLight")
                .build()).getMessage());
    }
}
