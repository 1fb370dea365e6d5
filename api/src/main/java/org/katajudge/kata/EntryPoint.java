package org.katajudge.kata;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.Choices;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * One public static method a kata solution must provide, with everything needed to test it:
 * its signature, the reference answer with its reason, a generator of valid inputs (or none: an
 * examples-only method), a way to draw an input for a person, and the rules whose coverage a
 * test run reports.
 *
 * <p>Built with {@link #method(String)}:
 * <pre>{@code
 * EntryPoint.method("minMoves")
 *         .returns(ValueType.INT)
 *         .parameter(ValueType.STRING, "start")
 *         .parameter(ValueType.STRING, "end")
 *         .reference(args -> explain((String) args[0], (String) args[1]))   // an Explanation
 *         .generator(choices -> new Object[] {square(choices), square(choices)})
 *         .renderer(args -> args[0] + " -> " + args[1])
 *         .rules("same-square", "one-move")
 *         .build();
 * }</pre>
 *
 * <p>Arguments and answers are plain Java values of the {@link ValueType}s declared
 * ({@code Integer} for {@code int}, {@code int[][]} for {@code int[][]}...). The judge calls the
 * reference on its own copy of each input, so the reference may not keep or share them, but it
 * must not modify them either.
 *
 * <p>One file past 300 lines because the value and its builder are one contract: each part the
 * builder takes is checked where the value is made from it, and a kata author reads both side by side.
 */
public final class EntryPoint {

    private final String method;
    private final ValueType returns;
    private final List<ValueType> parameters;
    private final List<String> parameterNames;
    private final Function<Object[], Explanation> reference;
    private final Generator generator;
    private final Function<Object[], String> renderer;
    private final Function<Object[], String> svg;
    private final List<String> rules;
    private final boolean smallDomain;
    private final ToLongFunction<Object[]> size;
    private final Function<Object[], ChoiceSequence> encoder;

    private EntryPoint(Builder builder) {
        this.method = Objects.requireNonNull(builder.method, "method");
        this.returns = Objects.requireNonNull(builder.returns, method + ": returns");
        this.parameters = List.copyOf(builder.parameters);
        this.parameterNames = List.copyOf(builder.parameterNames);
        this.reference = Objects.requireNonNull(builder.reference, method + ": reference");
        if (builder.generator == null && !builder.examplesOnly) {
            throw new NullPointerException(method + ": generator (or examplesOnly() for a method tested"
                    + " only by the kata's fixed examples)");
        }
        if (builder.generator != null && builder.examplesOnly) {
            throw new IllegalArgumentException(method + ": a generator and examplesOnly() exclude each other");
        }
        if (builder.examplesOnly && builder.smallDomain) {
            throw new IllegalArgumentException(method + ": smallDomain needs a generator to enumerate");
        }
        this.generator = builder.generator;
        this.renderer = Objects.requireNonNull(builder.renderer, method + ": renderer");
        this.svg = builder.svg;
        this.rules = List.copyOf(builder.rules);
        this.smallDomain = builder.smallDomain;
        this.size = builder.size;
        this.encoder = builder.encoder;
        if (parameters.size() != parameterNames.size()) {
            throw new IllegalArgumentException(method + ": one name per parameter");
        }
    }

    /**
     * Starts building the entry point for the method named {@code name}.
     *
     * @param name the method's name, a Java identifier, e.g. {@code isLight}
     * @return a builder; {@link Builder#build()} says what is missing
     */
    public static Builder method(String name) {
        return new Builder(name);
    }

    /**
     * The method's name.
     *
     * @return e.g. {@code isLight}
     */
    public String method() {
        return method;
    }

    /**
     * The type the method returns.
     *
     * @return the return type
     */
    public ValueType returns() {
        return returns;
    }

    /**
     * The types of the method's parameters, in order.
     *
     * @return the parameter types
     */
    public List<ValueType> parameters() {
        return parameters;
    }

    /**
     * The names of the method's parameters, in order; they appear in the signature.
     *
     * @return the parameter names
     */
    public List<String> parameterNames() {
        return parameterNames;
    }

    /**
     * The Java signature a submission must declare.
     *
     * @return e.g. {@code public static boolean isLight(String coordinate)}
     */
    public String signature() {
        StringBuilder text = new StringBuilder("public static ")
                .append(returns.javaName()).append(' ').append(method).append('(');
        for (int i = 0; i < parameters.size(); i++) {
            text.append(i == 0 ? "" : ", ")
                    .append(parameters.get(i).javaName()).append(' ').append(parameterNames.get(i));
        }
        return text.append(')').toString();
    }

    /**
     * The reference answer and its reason. The arguments are not modified.
     *
     * @param args the arguments, one per parameter
     * @return the reference's answer, why, and the rules it checked
     * @throws IllegalArgumentException naming what is wrong when the input is invalid
     */
    public Explanation explain(Object... args) {
        checkArity(args);
        return reference.apply(args);
    }

    /**
     * Whether this method has random tests: false for a method declared
     * {@link Builder#examplesOnly()}, which only the kata's fixed examples test.
     *
     * @return whether a generator was given
     */
    public boolean hasGenerator() {
        return generator != null;
    }

    /**
     * A valid input drawn from {@code choices}.
     *
     * @param choices where every random decision comes from
     * @return the arguments, one per parameter
     * @throws IllegalStateException when the method has no generator ({@link #hasGenerator()})
     */
    public Object[] generate(Choices choices) {
        if (generator == null) {
            throw new IllegalStateException(method + " has no generator: it is tested by the fixed examples only");
        }
        Object[] args = generator.generate(choices);
        checkArity(args);
        return args;
    }

    /**
     * The generator of random inputs.
     *
     * @return the generator, or empty for an examples-only method
     */
    public Optional<Generator> generator() {
        return Optional.ofNullable(generator);
    }

    /**
     * The input as a person would draw it: boards as rows, squares by name; may span lines.
     *
     * @param args the arguments, one per parameter
     * @return the drawing
     */
    public String render(Object... args) {
        checkArity(args);
        return renderer.apply(args);
    }

    /**
     * The input drawn as a picture: one standalone {@code <svg>} element (no XML declaration, no
     * {@code id} attributes, no scripts, no external references), which a report can place inline
     * in an HTML page next to others. Null when this entry point has no drawing, or when its
     * drawing cannot draw these arguments (an invalid board): callers then show
     * {@link #render(Object...)} instead.
     */
    public String svg(Object... args) {
        if (svg == null || args.length != parameters.size()) {
            return null;
        }
        try {
            return svg.apply(args);
        } catch (RuntimeException e) {
            return null; // a picture is an extra: an input it cannot draw falls back to the text drawing
        }
    }

    /** Whether this entry point draws its inputs as SVG ({@link #svg(Object...)}). */
    public boolean hasSvg() {
        return svg != null;
    }

    /**
     * The ids of the rules this entry point's {@link Explanation#checks()} report.
     *
     * @return the rule ids, as declared with {@link Builder#rules(String...)}
     */
    public List<String> rules() {
        return rules;
    }

    /**
     * Whether the generator's choice tree is small enough (a few thousand inputs) to enumerate
     * completely instead of sampling.
     *
     * @return as declared with {@link Builder#smallDomain(boolean)}
     */
    public boolean smallDomain() {
        return smallDomain;
    }

    /**
     * The natural size of an input: pieces on a board, a vector's length. A shrinker makes it
     * smallest first, and only then the choices. 0 for every input when the kata declares none.
     */
    public long size(Object... args) {
        checkArity(args);
        return size.applyAsLong(args);
    }

    /**
     * The choices that draw exactly {@code args} in the generator's most general kind, where
     * every piece is a part of its own; empty when the kata declares no encoder. A shrinker uses
     * it to leave a special kind (a starting position) for a general one and then remove pieces
     * one by one.
     */
    public Optional<ChoiceSequence> encode(Object... args) {
        checkArity(args);
        return encoder == null ? Optional.empty() : Optional.ofNullable(encoder.apply(args));
    }

    private void checkArity(Object[] args) {
        if (args.length != parameters.size()) {
            throw new IllegalArgumentException(method + " takes " + parameters.size()
                    + " argument(s), got " + args.length);
        }
    }

    /**
     * The signature.
     *
     * @return {@link #signature()}
     */
    @Override
    public String toString() {
        return signature();
    }

    /**
     * Builds an {@link EntryPoint}. Required: {@link #returns(ValueType)}, {@link #reference(Function)},
     * {@link #renderer(Function)}, and either {@link #generator(Generator)} or {@link #examplesOnly()}.
     * Optional: parameters (none by default), {@link #rules(String...)}, {@link #smallDomain(boolean)}
     * and the {@linkplain Builder#svg(Function) SVG drawing}.
     */
    public static final class Builder {
        private final String method;
        private ValueType returns;
        private List<ValueType> parameters = List.of();
        private List<String> parameterNames = List.of();
        private Function<Object[], Explanation> reference;
        private Generator generator;
        private boolean examplesOnly;
        private Function<Object[], String> renderer;
        private Function<Object[], String> svg;
        private List<String> rules = List.of();
        private boolean smallDomain;
        private ToLongFunction<Object[]> size = args -> 0;
        private Function<Object[], ChoiceSequence> encoder;

        private Builder(String method) {
            this.method = method;
        }

        /**
         * The return type.
         *
         * @param type what the method returns
         * @return this builder
         */
        public Builder returns(ValueType type) {
            this.returns = type;
            return this;
        }

        /**
         * Adds the next parameter: {@code parameter(STRING, "start").parameter(STRING, "end")}.
         *
         * @param type its type
         * @param name its name in the signature
         * @return this builder
         */
        public Builder parameter(ValueType type, String name) {
            this.parameters = append(parameters, type);
            this.parameterNames = append(parameterNames, name);
            return this;
        }

        /**
         * The reference: the kata's rule, answering any valid input with an {@link Explanation}.
         *
         * @param reference from the arguments to the answer, its reason and the rules checked; throws
         *                  {@link IllegalArgumentException} for an invalid input
         * @return this builder
         */
        public Builder reference(Function<Object[], Explanation> reference) {
            this.reference = reference;
            return this;
        }

        /**
         * The generator of random inputs, following the contract of {@link Choices}.
         *
         * @param generator draws one valid input
         * @return this builder
         */
        public Builder generator(Generator generator) {
            this.generator = generator;
            return this;
        }

        /**
         * Declares that this method has no generator: only the kata's fixed examples test it, and
         * every report says that no random tests exist. Excludes {@link #generator(Generator)}.
         *
         * @return this builder
         */
        public Builder examplesOnly() {
            this.examplesOnly = true;
            return this;
        }

        /**
         * How to draw an input for a person, shown under a failing case.
         *
         * @param renderer from the arguments to text; may span lines
         * @return this builder
         */
        public Builder renderer(Function<Object[], String> renderer) {
            this.renderer = renderer;
            return this;
        }

        /**
         * Optional: draws an input as one inline {@code <svg>} element for HTML reports (the board
         * with its pieces, the squares of a move). It receives the arguments as the method does,
         * may return null for an input it cannot draw, and must not use {@code id} attributes
         * (several drawings share one page), scripts or external references. All text it puts in
         * the picture must be XML-escaped.
         */
        public Builder svg(Function<Object[], String> svg) {
            this.svg = svg;
            return this;
        }

        /**
         * The ids of the rules the reference reports in {@link Explanation#checks()}, for rule coverage.
         *
         * @param rules rule ids, e.g. {@code "soldier-count"}
         * @return this builder
         */
        public Builder rules(String... rules) {
            this.rules = List.of(rules);
            return this;
        }

        /**
         * Declares the generator's whole choice tree small (a few thousand inputs at most), so the
         * judge tries every input instead of sampling. Needs a generator.
         *
         * @param smallDomain whether to enumerate
         * @return this builder
         */
        public Builder smallDomain(boolean smallDomain) {
            this.smallDomain = smallDomain;
            return this;
        }

        /**
         * The natural size of an input ({@link EntryPoint#size}); optional.
         *
         * @param size the size of an input's arguments, e.g. the pieces on a board
         * @return this builder
         */
        public Builder size(ToLongFunction<Object[]> size) {
            this.size = Objects.requireNonNull(size, "size");
            return this;
        }

        /**
         * The inverse of the generator on its most general kind ({@link EntryPoint#encode});
         * optional. It must return choices that generate arguments equal to the ones given.
         *
         * @param encoder the choices that generate given arguments
         * @return this builder
         */
        public Builder encoder(Function<Object[], ChoiceSequence> encoder) {
            this.encoder = encoder;
            return this;
        }

        /**
         * The entry point.
         *
         * @return the entry point
         * @throws NullPointerException     naming a required part that is missing
         * @throws IllegalArgumentException when parts contradict each other
         */
        public EntryPoint build() {
            return new EntryPoint(this);
        }

        private static <T> List<T> append(List<T> list, T item) {
            ArrayList<T> copy = new ArrayList<>(list);
            copy.add(item);
            return copy;
        }
    }
}
