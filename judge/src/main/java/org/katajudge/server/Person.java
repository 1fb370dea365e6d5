package org.katajudge.server;

/**
 * Someone the server knows: a student (one per roster line, or the one user of a personal
 * playground) or the teacher. Their token is their only credential: the link they are given.
 *
 * @param id    unique: the roster's name for them ({@code Paula Jones}), {@code me} in a playground,
 *              {@code teacher}
 * @param name  how pages show them
 * @param role  student or teacher
 * @param token the secret in their link
 */
public record Person(String id, String name, Role role, String token) {

    public enum Role { STUDENT, TEACHER }

    @Override
    public String toString() {
        return role + " " + id; // never the token
    }
}
