package org.katajudge.compile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a kata solution may not use, read from {@code forbidden-apis.txt}: data, so the policy
 * can be read and changed without reading code. The most specific matching rule decides.
 */
public final class ForbiddenApiPolicy {

    private static final ForbiddenApiPolicy DEFAULT = load("forbidden-apis.txt");

    private final List<Rule> rules;

    private ForbiddenApiPolicy(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** The judge's policy. */
    public static ForbiddenApiPolicy standard() {
        return DEFAULT;
    }

    /**
     * Why using a type is forbidden, if it is.
     *
     * @param type a qualified type name, e.g. {@code java.net.Socket}
     */
    public Optional<String> forbidsType(String type) {
        return decide(type, null, null);
    }

    /**
     * Why using a member is forbidden, if it is.
     *
     * @param owner      the qualified name of the type declaring the member
     * @param member     the member's name; {@code <init>} for a constructor
     * @param parameters the erased parameter types, comma-separated without spaces, or null for a field
     */
    public Optional<String> forbidsMember(String owner, String member, String parameters) {
        return decide(owner, member, parameters);
    }

    private Optional<String> decide(String type, String member, String parameters) {
        Rule best = null;
        for (Rule rule : rules) {
            int specificity = rule.matches(type, member, parameters);
            if (specificity >= 0 && (best == null || specificity >= best.matches(type, member, parameters))) {
                best = rule;
            }
        }
        return best == null || best.allow ? Optional.empty() : Optional.of(best.why);
    }

    private static ForbiddenApiPolicy load(String resource) {
        List<Rule> rules = new ArrayList<>();
        try (InputStream in = ForbiddenApiPolicy.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing policy " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                String text = line.strip();
                if (text.isEmpty() || text.startsWith("#")) {
                    continue;
                }
                String[] parts = text.split("\\s+", 3);
                if (parts.length < 2 || !(parts[0].equals("deny") || parts[0].equals("allow"))) {
                    throw new IllegalStateException(resource + ":" + number + ": cannot read \"" + text + "\"");
                }
                rules.add(Rule.parse(parts[0].equals("allow"), parts[1], parts.length == 3 ? parts[2] : "using it"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ForbiddenApiPolicy(rules);
    }

    /**
     * One line of the policy. Specificity: package prefix 1 (plus its length, so longer prefixes
     * win), class 1000, member 2000, member with parameters 3000.
     */
    private record Rule(boolean allow, String packagePrefix, String type, String member, String parameters, String why) {

        static Rule parse(boolean allow, String target, String why) {
            if (target.endsWith(".*")) {
                return new Rule(allow, target.substring(0, target.length() - 1), null, null, null, why);
            }
            int hash = target.indexOf('#');
            if (hash < 0) {
                return new Rule(allow, null, target, null, null, why);
            }
            String type = target.substring(0, hash);
            String member = target.substring(hash + 1);
            int paren = member.indexOf('(');
            if (paren < 0) {
                return new Rule(allow, null, type, member, null, why);
            }
            return new Rule(allow, null, type, member.substring(0, paren),
                    member.substring(paren + 1, member.length() - 1), why);
        }

        /** How specifically this rule matches, or -1 when it does not. */
        int matches(String qualifiedType, String memberName, String memberParameters) {
            if (packagePrefix != null) {
                return qualifiedType.startsWith(packagePrefix) ? 1 + packagePrefix.length() : -1;
            }
            boolean typeMatches = qualifiedType.equals(type) || qualifiedType.startsWith(type + ".");
            if (!typeMatches) {
                return -1;
            }
            if (member == null) {
                return 1000;
            }
            if (!member.equals(memberName) || !qualifiedType.equals(type)) {
                return -1;
            }
            if (parameters == null) {
                return 2000;
            }
            return parameters.equals(memberParameters) ? 3000 : -1;
        }
    }
}
