package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.ChoiceSource;
import org.katajudge.kata.EntryPoint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The boundary inputs of an entry point's generator, found from its choices alone: for each kind
 * of input (the first draw), the draws of its simplest form are grouped into components (each
 * part the generator marks at the top level, such as one number drawn in several draws, and each
 * draw outside a part), and each component is set to its extremes while the rest stays simplest.
 *
 * <p>A draw's extremes are the top of its range and the value below it (0, the bottom, is the
 * simplest form itself). A part's extremes set its draws together: all at the top, all but the
 * first at the top (the first draw is often a sign), the first alone at the top, and the first two
 * with the last draw one lower. A number (a component of {@link #WIDE} values or more) also gets
 * 1 and -1. For a number drawn as sign, high and low bits that is {@code MIN_VALUE},
 * {@code MAX_VALUE}, -1, {@code MIN_VALUE + 1}, {@code MAX_VALUE - 1} and 1; for a
 * {@code between(1, 24)} file, 24 and 23. Each value is taken from the bound the draw actually has, so a board whose size was set to
 * its largest gets its largest number of pieces too.
 *
 * <p>Three lists, each in a fixed order, the kinds taking turns:
 * <ul>
 *   <li>{@link #single()}: each component alone at each of its extremes;</li>
 *   <li>{@link #uniform()}: every draw of a kind at the top, one below it, or 1 together (the
 *       largest board full of the last piece);</li>
 *   <li>{@link #pairs()}: two components at their strongest extremes together (a file of 24 and a
 *       vector of {@code MAX_VALUE} files, a rank move of {@code MIN_VALUE} ranks).</li>
 * </ul>
 * No seed is involved: the boundary inputs of an entry point are always the same.
 */
final class Boundaries {

    /** A symbolic value of one draw, taken from the bound the draw has when it is made. */
    enum Value {
        ONE, MAX_MINUS_ONE, MAX;

        int of(int bound) {
            return switch (this) {
                case ONE -> Math.min(1, bound - 1);
                case MAX_MINUS_ONE -> Math.max(0, bound - 2);
                case MAX -> bound - 1;
            };
        }
    }

    /**
     * A kind's draws that vary together: a top-level part, or one draw outside any part.
     *
     * @param wide whether it can take {@link #WIDE} values or more (a number, not a choice among a few)
     */
    record Component(int start, int end, boolean wide) {

        int length() {
            return end - start;
        }

        /**
         * Its extremes, strongest first. A number (a wide component) also gets 1 and -1 (the last
         * draw at 1, the first at its top), which a narrow one reaches soon enough at random.
         */
        List<Map<Integer, Value>> extremes() {
            List<Map<Integer, Value>> extremes = new ArrayList<>();
            if (length() == 1) {
                extremes.add(Map.of(start, Value.MAX));
                extremes.add(Map.of(start, Value.MAX_MINUS_ONE));
                if (wide) {
                    extremes.add(Map.of(start, Value.ONE));
                }
                return extremes;
            }
            Map<Integer, Value> allMax = new HashMap<>();
            Map<Integer, Value> restMax = new HashMap<>();
            for (int i = start; i < end; i++) {
                allMax.put(i, Value.MAX);
                if (i > start) {
                    restMax.put(i, Value.MAX);
                }
            }
            extremes.add(allMax);
            extremes.add(restMax);
            extremes.add(Map.of(start, Value.MAX));
            Map<Integer, Value> allMaxLastLower = new HashMap<>(allMax);
            allMaxLastLower.put(end - 1, Value.MAX_MINUS_ONE);
            extremes.add(allMaxLastLower);
            Map<Integer, Value> restMaxLastLower = new HashMap<>(restMax);
            restMaxLastLower.put(end - 1, Value.MAX_MINUS_ONE);
            extremes.add(restMaxLastLower);
            if (wide) {
                extremes.add(Map.of(end - 1, Value.ONE));
            }
            return extremes;
        }

        /** How many of {@link #extremes()} go into {@link #pairs()}: the top of a draw, the top, the top but the first and the first alone of a part. */
        int strongest() {
            return length() == 1 ? 1 : 3;
        }
    }

    /** A component that can take this many values or more is a number. */
    static final long WIDE = 1 << 16;

    private final List<GeneratedCase> single;
    private final List<GeneratedCase> uniform;
    private final List<GeneratedCase> pairs;

    private Boundaries(List<GeneratedCase> single, List<GeneratedCase> uniform, List<GeneratedCase> pairs) {
        this.single = single;
        this.uniform = uniform;
        this.pairs = pairs;
    }

    /**
     * The boundary inputs of {@code entryPoint}, none twice and none that is a kind's simplest form.
     *
     * @param kinds the number of kinds: the bound of the generator's first draw (1 when it draws none)
     */
    static Boundaries of(EntryPoint entryPoint, int kinds) {
        List<List<GeneratedCase>> singleByKind = new ArrayList<>();
        List<List<GeneratedCase>> uniformByKind = new ArrayList<>();
        List<List<GeneratedCase>> pairsByKind = new ArrayList<>();
        Seen seen = new Seen();
        for (int kind = 0; kind < kinds; kind++) {
            seen.add(draw(entryPoint, kinds, kind, Map.of()));
        }
        for (int kind = 0; kind < kinds; kind++) {
            List<Component> components = components(entryPoint, kinds, kind);
            List<GeneratedCase> kindSingle = new ArrayList<>();
            int most = components.stream().mapToInt(c -> c.extremes().size()).max().orElse(0);
            for (int rank = 0; rank < most; rank++) {
                for (Component component : components) {
                    List<Map<Integer, Value>> extremes = component.extremes();
                    if (rank < extremes.size()) {
                        seen.keep(draw(entryPoint, kinds, kind, extremes.get(rank)), kindSingle);
                    }
                }
            }
            singleByKind.add(kindSingle);
            List<GeneratedCase> kindUniform = new ArrayList<>();
            for (Value value : new Value[] {Value.MAX, Value.MAX_MINUS_ONE}) {
                seen.keep(drawUniform(entryPoint, kinds, kind, value), kindUniform);
            }
            uniformByKind.add(kindUniform);
            List<GeneratedCase> kindPairs = new ArrayList<>();
            for (int a = 0; a < components.size(); a++) {
                for (int b = a + 1; b < components.size(); b++) {
                    Component first = components.get(a);
                    Component second = components.get(b);
                    for (Map<Integer, Value> x : first.extremes().subList(0, first.strongest())) {
                        for (Map<Integer, Value> y : second.extremes().subList(0, second.strongest())) {
                            Map<Integer, Value> both = new HashMap<>(x);
                            both.putAll(y);
                            seen.keep(draw(entryPoint, kinds, kind, both), kindPairs);
                        }
                    }
                }
            }
            pairsByKind.add(kindPairs);
        }
        return new Boundaries(takingTurns(singleByKind), takingTurns(uniformByKind), takingTurns(pairsByKind));
    }

    /** Each component alone at each of its extremes, the kinds taking turns. */
    List<GeneratedCase> single() {
        return single;
    }

    /** Every draw of a kind at the top, one below it, or 1. */
    List<GeneratedCase> uniform() {
        return uniform;
    }

    /** Two components at their strongest extremes together. */
    List<GeneratedCase> pairs() {
        return pairs;
    }

    /** The components of a kind's simplest form, in the order of their draws. */
    static List<Component> components(EntryPoint entryPoint, int kinds, int kind) {
        ChoiceRecorder recorder = new ChoiceRecorder(source(kinds, kind, Map.of()));
        try {
            entryPoint.generate(recorder);
        } catch (RuntimeException e) {
            return List.of(); // a generator that cannot draw its own kind: nothing to vary
        }
        int length = recorder.recorded().length();
        int first = kinds > 1 ? 1 : 0; // the kind's own draw is not varied
        List<Part> top = recorder.parts().stream().filter(p -> p.depth() == 0 && p.start() >= first).toList();
        List<Integer> bounds = recorder.bounds();
        List<Component> components = new ArrayList<>();
        int position = first;
        while (position < length) {
            int at = position;
            Optional<Part> part = top.stream().filter(p -> p.start() == at).findFirst();
            if (part.isPresent()) {
                components.add(new Component(part.get().start(), part.get().end(),
                        values(bounds, part.get().start(), part.get().end()) >= WIDE));
                position = part.get().end();
            } else {
                int inside = position;
                boolean covered = recorder.parts().stream().anyMatch(p -> p.start() < inside && inside < p.end());
                if (!covered) {
                    components.add(new Component(position, position + 1, bounds.get(position) >= WIDE));
                }
                position++;
            }
        }
        return components;
    }

    /** How many values draws {@code [start, end)} can take together, up to {@link #WIDE}. */
    private static long values(List<Integer> bounds, int start, int end) {
        long product = 1;
        for (int i = start; i < end && product < WIDE; i++) {
            product *= bounds.get(i);
        }
        return product;
    }

    private static ChoiceSource source(int kinds, int kind, Map<Integer, Value> values) {
        return (index, bound) -> {
            if (index == 0 && kinds > 1) {
                return kind;
            }
            Value value = values.get(index);
            return value == null ? 0 : value.of(bound);
        };
    }

    private static Optional<GeneratedCase> draw(EntryPoint entryPoint, int kinds, int kind, Map<Integer, Value> values) {
        return generate(entryPoint, source(kinds, kind, values));
    }

    private static Optional<GeneratedCase> drawUniform(EntryPoint entryPoint, int kinds, int kind, Value value) {
        return generate(entryPoint, (index, bound) -> index == 0 && kinds > 1 ? kind : value.of(bound));
    }

    private static Optional<GeneratedCase> generate(EntryPoint entryPoint, ChoiceSource source) {
        try {
            return Optional.of(CaseSchedule.generate(entryPoint, source));
        } catch (RuntimeException e) {
            return Optional.empty(); // the generator refused these choices (it should not): no boundary here
        }
    }

    /** The kinds take turns: the first of each, then the second of each, ... */
    private static List<GeneratedCase> takingTurns(List<List<GeneratedCase>> byKind) {
        List<GeneratedCase> all = new ArrayList<>();
        int most = byKind.stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < most; i++) {
            for (List<GeneratedCase> kind : byKind) {
                if (i < kind.size()) {
                    all.add(kind.get(i));
                }
            }
        }
        return all;
    }

    /** The inputs kept so far, by their choices and by their arguments: none twice. */
    private static final class Seen {
        private final java.util.Set<ChoiceSequence> choices = new java.util.HashSet<>();
        private final java.util.Set<String> args = new java.util.HashSet<>();

        void add(Optional<GeneratedCase> generated) {
            generated.ifPresent(g -> {
                choices.add(g.choices());
                args.add(java.util.Arrays.deepToString(g.args()));
            });
        }

        void keep(Optional<GeneratedCase> generated, List<GeneratedCase> into) {
            if (generated.isEmpty()) {
                return;
            }
            GeneratedCase g = generated.get();
            if (choices.add(g.choices()) & args.add(java.util.Arrays.deepToString(g.args()))) {
                into.add(g);
            }
        }
    }
}
