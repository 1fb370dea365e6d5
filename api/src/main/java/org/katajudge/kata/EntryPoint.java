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
 * its signature, the reference answer with its reason, a generator of valid inputs, a way to
 * draw an input for a person, and the rules whose coverage a test run reports.
 */
public final class EntryPoint {

    private final String method;
    private final ValueType returns;
    private final List<ValueType> parameters;
    private final List<String> parameterNames;
    private final Function<Object[], Explanation> reference;
    private final Generator generator;
    private final Function<Object[], String> renderer;
    private final List<String> rules;
    private final boolean smallDomain;
    private final ToLongFunction<Object[]> size;
    private final Function<Object[], ChoiceSequence> encoder;

    private EntryPoint(Builder builder) {
        this.method = Objects.requireNonNull(builder.method, "method");
        this.returns = Objects.requireNonNull(builder.returns, "returns");
        this.parameters = List.copyOf(builder.parameters);
        this.parameterNames = List.copyOf(builder.parameterNames);
        this.reference = Objects.requireNonNull(builder.reference, "reference");
        this.generator = Objects.requireNonNull(builder.generator, "generator");
        this.renderer = Objects.requireNonNull(builder.renderer, "renderer");
        this.rules = List.copyOf(builder.rules);
        this.smallDomain = builder.smallDomain;
        this.size = builder.size;
        this.encoder = builder.encoder;
        if (parameters.size() != parameterNames.size()) {
            throw new IllegalArgumentException(method + ": one name per parameter");
        }
    }

    public static Builder method(String name) {
        return new Builder(name);
    }

    public String method() {
        return method;
    }

    public ValueType returns() {
        return returns;
    }

    public List<ValueType> parameters() {
        return parameters;
    }

    public List<String> parameterNames() {
        return parameterNames;
    }

    /** The Java signature a submission must declare, e.g. {@code public static boolean isLight(String coordinate)}. */
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
     * @throws IllegalArgumentException naming what is wrong when the input is invalid
     */
    public Explanation explain(Object... args) {
        checkArity(args);
        return reference.apply(args);
    }

    /** A valid input drawn from {@code choices}. */
    public Object[] generate(Choices choices) {
        Object[] args = generator.generate(choices);
        checkArity(args);
        return args;
    }

    public Generator generator() {
        return generator;
    }

    /** The input as a person would draw it: boards as rows, squares by name; may span lines. */
    public String render(Object... args) {
        checkArity(args);
        return renderer.apply(args);
    }

    /** The ids of the rules this entry point's {@link Explanation#checks()} report. */
    public List<String> rules() {
        return rules;
    }

    /**
     * Whether the generator's choice tree is small enough (a few thousand inputs) to enumerate
     * completely instead of sampling.
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

    @Override
    public String toString() {
        return signature();
    }

    /** Builds an {@link EntryPoint}; every part but {@link #smallDomain()}, the size and the encoder is required. */
    public static final class Builder {
        private final String method;
        private ValueType returns;
        private List<ValueType> parameters = List.of();
        private List<String> parameterNames = List.of();
        private Function<Object[], Explanation> reference;
        private Generator generator;
        private Function<Object[], String> renderer;
        private List<String> rules = List.of();
        private boolean smallDomain;
        private ToLongFunction<Object[]> size = args -> 0;
        private Function<Object[], ChoiceSequence> encoder;

        private Builder(String method) {
            this.method = method;
        }

        public Builder returns(ValueType type) {
            this.returns = type;
            return this;
        }

        /** Alternating type and name: {@code parameter(STRING, "start").parameter(STRING, "end")}. */
        public Builder parameter(ValueType type, String name) {
            this.parameters = append(parameters, type);
            this.parameterNames = append(parameterNames, name);
            return this;
        }

        public Builder reference(Function<Object[], Explanation> reference) {
            this.reference = reference;
            return this;
        }

        public Builder generator(Generator generator) {
            this.generator = generator;
            return this;
        }

        public Builder renderer(Function<Object[], String> renderer) {
            this.renderer = renderer;
            return this;
        }

        public Builder rules(String... rules) {
            this.rules = List.of(rules);
            return this;
        }

        public Builder smallDomain(boolean smallDomain) {
            this.smallDomain = smallDomain;
            return this;
        }

        /** The natural size of an input ({@link EntryPoint#size}); optional. */
        public Builder size(ToLongFunction<Object[]> size) {
            this.size = Objects.requireNonNull(size, "size");
            return this;
        }

        /**
         * The inverse of the generator on its most general kind ({@link EntryPoint#encode});
         * optional. It must return choices that generate arguments equal to the ones given.
         */
        public Builder encoder(Function<Object[], ChoiceSequence> encoder) {
            this.encoder = encoder;
            return this;
        }

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
