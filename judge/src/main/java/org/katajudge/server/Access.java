package org.katajudge.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Who a request comes from: the token it carries (header {@code Authorization: Bearer TOKEN}),
 * matched against every person's in constant time, so neither a wrong token's length nor its
 * first differing character shows in the answer's timing. Tokens are 160 random bits from
 * {@link SecureRandom}: a link cannot be guessed.
 */
public final class Access {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int TOKEN_BYTES = 20;

    private final List<Person> people;
    private final List<byte[]> digests;

    public Access(List<Person> people) {
        this.people = List.copyOf(people);
        this.digests = this.people.stream().map(p -> digest(p.token())).toList();
    }

    /** A new unguessable token: 160 bits, URL-safe. */
    public static String newToken() {
        byte[] bytes = new byte[TOKEN_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The person whose token this is; every person is compared, whoever matches. */
    public Optional<Person> who(String token) {
        if (token == null || token.isEmpty() || token.length() > 200) {
            return Optional.empty();
        }
        byte[] presented = digest(token);
        Person found = null;
        for (int i = 0; i < people.size(); i++) {
            if (MessageDigest.isEqual(presented, digests.get(i))) {
                found = people.get(i);
            }
        }
        return Optional.ofNullable(found);
    }

    public List<Person> people() {
        return people;
    }

    /** Comparing digests makes every comparison the same length, whatever was presented. */
    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
