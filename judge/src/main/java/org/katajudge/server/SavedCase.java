package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A case a student keeps to run with the kata's examples ("Run examples"), taken from a
 * counterexample they were shown: the call and the reference's answer.
 *
 * @param id       its number in the store
 * @param name     the example name it runs under ({@code my case 3})
 * @param method   the method called
 * @param args     the arguments, natural JSON (as in examples.json)
 * @param expected the reference's answer, natural JSON
 */
public record SavedCase(long id, String name, String method, JsonNode args, JsonNode expected) {
}
