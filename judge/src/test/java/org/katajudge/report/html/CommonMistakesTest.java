package org.katajudge.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.CaseViews;
import org.katajudge.report.Counterexample;
import org.katajudge.report.HandMade;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Verdict;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The groups of the class report: each title true of every member, each failing student in exactly one place. */
class CommonMistakesTest {

    private static final Counterexample.Rule CORNER = new Counterexample.Rule("corner-detour", true);
    private static final Counterexample.Rule NO_CORNER = new Counterexample.Rule("corner-detour", false);
    private static final Counterexample.Rule ONE_MOVE = new Counterexample.Rule("one-move", false);

    /** The rules the knight-moves examples cite, as the reference would: a fake catalog. */
    private static final Map<String, Counterexample.Rule> EXAMPLE_RULES = Map.of(
            "corner a1 to b2", CORNER, "corner h8 to g7", CORNER, "d4 to e5", NO_CORNER, "g2 to h2", ONE_MOVE);

    private static final CaseViews VIEWS = new CaseViews() {
        @Override
        public String svg(String kata, Counterexample example) {
            return null;
        }

        @Override
        public String javaCall(String kata, Counterexample example) {
            return null;
        }

        @Override
        public Optional<Counterexample.Rule> exampleRule(String kata, String example) {
            return Optional.ofNullable(EXAMPLE_RULES.get(example));
        }

        @Override
        public Optional<String> unavailableToStudents(String kata, Set<String> examples, boolean wholeRun) {
            return Optional.empty();
        }
    };

    @Test
    void aRuleIsNamedOnlyWhenEveryExampleTheStudentFailsCitesItToo() {
        SubmissionResult corners = wrong("greedy", "a1 b2", 4, 2, CORNER, List.of("corner a1 to b2", "corner h8 to g7"));
        SubmissionResult corners2 = wrong("formula", "h8 g7", 4, 2, CORNER, List.of("corner h8 to g7"));
        // smallest case f2-g1 cites the corner rule (broken), but it also fails g2 to h2, which is about no corner
        SubmissionResult neverH = wrong("never-h", "f2 g1", 2, 4, NO_CORNER, List.of("g2 to h2", "d4 to e5"));
        SubmissionResult neverH2 = wrong("never-h-2", "f2 g1", 2, 4, NO_CORNER, List.of("g2 to h2"));
        SubmissionResult missesDetour = wrong("misses", "f2 g1", 2, 4, NO_CORNER, List.of("d4 to e5"));

        CommonMistakes.Mistakes mistakes = CommonMistakes.of(List.of(corners, corners2, neverH, neverH2, missesDetour), VIEWS);

        assertEquals(List.of("2 students misjudge cases where corner-detour holds: answered 2 where 4 is expected",
                        "2 students answered 4 where 2 is expected on minMoves"),
                mistakes.groups().stream().map(CommonMistakes.Group::title).toList());
        assertEquals(List.of(0, 1), mistakes.groups().get(0).members());
        assertEquals(List.of(2, 3), mistakes.groups().get(1).members());
        assertNull(mistakes.groups().get(1).claim().rule(), "never entering file h is no corner mistake");
        assertEquals(1, mistakes.others().size());
        assertEquals("misses corner-detour: answered 4 where 2 is expected", mistakes.others().get(0).claim().predicate(true));
    }

    @Test
    void aFailureThatNeedsEarlierCallsIsNotFiledUnderTheRuleOfItsLastCall() {
        SubmissionResult stateful = withExample(wrong("memo", "a2 a2", 0, 4, new Counterexample.Rule("same-square", true),
                List.of()), "LISTED");
        SubmissionResult stateful2 = withExample(wrong("memo-2", "b2 b2", 0, 3, new Counterexample.Rule("same-square", true),
                List.of()), "DRAWN");
        SubmissionResult stateful3 = withExample(wrong("memo-3", "c2 c2", 0, 3, null, List.of()), "DRAWN");
        CommonMistakes.Mistakes mistakes = CommonMistakes.of(List.of(stateful, stateful2, stateful3), VIEWS);
        assertEquals(List.of("2 students fail minMoves only after earlier calls (the solution keeps state between calls)"),
                mistakes.groups().stream().map(CommonMistakes.Group::title).toList());
        assertEquals(List.of(1, 2), mistakes.groups().get(0).members(), "drawn histories together");
        assertNull(mistakes.others().get(0).claim().rule());
    }

    /** Random classes of many shapes: a partition of the failing students, each claim true of each member. */
    @Test
    void everyFailingStudentIsInExactlyOnePlaceAndEveryClaimHoldsForItsMembers() {
        Random random = new Random(23);
        List<String> examples = List.of("corner a1 to b2", "corner h8 to g7", "d4 to e5", "g2 to h2", "unknown");
        Counterexample.Rule[] rules = {null, CORNER, NO_CORNER, ONE_MOVE};
        for (int round = 0; round < 300; round++) {
            List<SubmissionResult> results = new ArrayList<>();
            int size = 1 + random.nextInt(30);
            for (int i = 0; i < size; i++) {
                String student = "s" + i;
                SubmissionResult result = switch (random.nextInt(5)) {
                    case 0 -> HandMade.accepted(student, random.nextBoolean() ? "knight-moves" : "other");
                    case 1 -> HandMade.compileError(student, random.nextBoolean() ? "knight-moves" : "other");
                    default -> {
                        List<String> failed = new ArrayList<>();
                        examples.forEach(e -> {
                            if (random.nextInt(4) == 0) {
                                failed.add(e);
                            }
                        });
                        SubmissionResult wrong = wrong(student, "a1 b2", 2 + random.nextInt(2), random.nextInt(3),
                                rules[random.nextInt(rules.length)], failed);
                        yield random.nextInt(4) == 0 ? withExample(wrong, random.nextBoolean() ? "LISTED" : "RERUN") : wrong;
                    }
                };
                results.add(result);
            }
            CommonMistakes.Mistakes mistakes = CommonMistakes.of(results, VIEWS);
            List<Integer> placed = new ArrayList<>();
            for (CommonMistakes.Group group : mistakes.groups()) {
                assertTrue(group.members().size() >= 2, group.toString());
                assertTrue(group.title().startsWith(group.members().size() + " students "), group.title());
                placed.addAll(group.members());
            }
            for (CommonMistakes.Group other : mistakes.others()) {
                assertEquals(1, other.members().size());
                placed.addAll(other.members());
            }
            for (int i = 1; i < mistakes.groups().size(); i++) {
                assertTrue(mistakes.groups().get(i - 1).members().size() >= mistakes.groups().get(i).members().size());
            }
            Set<Integer> failing = new HashSet<>();
            for (int i = 0; i < results.size(); i++) {
                if (results.get(i).verdict() != Verdict.ACCEPTED) {
                    failing.add(i);
                }
            }
            assertEquals(failing.size(), placed.size(), "no student in two places: " + placed);
            assertEquals(failing, new HashSet<>(placed), "every failing student placed");
            List<CommonMistakes.Group> all = new ArrayList<>(mistakes.groups());
            all.addAll(mistakes.others());
            for (CommonMistakes.Group group : all) {
                for (int member : group.members()) {
                    assertTrue(group.claim().holdsFor(results.get(member), VIEWS), group.title() + " / " + member);
                }
                if (group.claim().rule() != null) {
                    for (int member : group.members()) {
                        assertEquals(group.claim().rule(), results.get(member).counterexample().rule());
                        results.get(member).tests().stream().filter(t -> t.status() == Status.FAILED
                                && t.name().startsWith("example: ")).forEach(t -> assertEquals(group.claim().rule(),
                                EXAMPLE_RULES.get(t.name().substring("example: ".length())), group.title() + " / " + t.name()));
                    }
                }
            }
        }
    }

    /** A wrong answer on minMoves whose smallest case is {@code squares}, failing the named examples. */
    private static SubmissionResult wrong(String student, String squares, int expected, int actual, Counterexample.Rule rule,
                                          List<String> failedExamples) {
        List<TestOutcome> tests = new ArrayList<>();
        tests.add(TestOutcome.compile(Status.PASSED, null));
        for (String example : failedExamples) {
            tests.add(TestOutcome.example(example, "minMoves", Status.FAILED, "wrong"));
        }
        tests.add(TestOutcome.random("minMoves", Status.FAILED, "wrong", 10, false));
        String[] args = squares.split(" ");
        JsonNode argsJson = HandMade.json("[\"" + args[0] + "\",\"" + args[1] + "\"]");
        Counterexample example = new Counterexample("minMoves", null, argsJson, HandMade.json(String.valueOf(expected)),
                HandMade.json(String.valueOf(actual)), null, "why", squares, "0.1", 0, "replay", null, rule);
        return HandMade.result(student, "class/" + student, "knight-moves", Verdict.WRONG_ANSWER, "wrong answer", tests,
                example, CapturedOutput.NONE);
    }

    /** The result with a failure that depends on earlier calls, given as {@code historyKind}. */
    private static SubmissionResult withExample(SubmissionResult result, String historyKind) {
        Counterexample e = result.counterexample();
        Counterexample stateful = new Counterexample(e.method(), e.example(), e.args(), e.expected(), e.actual(), e.error(),
                e.reason(), e.input(), e.choices(), e.shrinkSteps(), e.replay(), null, e.rule(), historyKind, 99L, null, null,
                100L);
        return HandMade.result(result.student(), result.submission(), result.kata(), result.verdict(), result.message(),
                result.tests(), stateful, CapturedOutput.NONE);
    }
}
