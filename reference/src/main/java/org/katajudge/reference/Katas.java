package org.katajudge.reference;

import org.katajudge.kata.Kata;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The katas on the class path, found through {@link ServiceLoader}. */
public final class Katas {

    private static final List<Kata> ALL = ServiceLoader.load(Kata.class, Katas.class.getClassLoader())
            .stream()
            .map(ServiceLoader.Provider::get)
            .sorted(Comparator.comparing(Kata::id))
            .toList();

    private Katas() {
    }

    /** Every kata, sorted by id. */
    public static List<Kata> all() {
        return ALL;
    }

    public static Optional<Kata> byId(String id) {
        return ALL.stream().filter(kata -> kata.id().equals(id)).findFirst();
    }
}
