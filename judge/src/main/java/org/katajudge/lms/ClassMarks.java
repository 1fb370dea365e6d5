package org.katajudge.lms;

import org.katajudge.intake.Handin;
import org.katajudge.intake.Roster;
import org.katajudge.intake.RosterStudent;
import org.katajudge.report.SubmissionResult;
import org.katajudge.scoring.Points;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A class's marks as a platform imports them: for every student on the roster and every kata of
 * the run, the points on the assignment's scale. A student who handed nothing in has 0 (the
 * roster gave them a {@code NO_SUBMISSION} result). Every kata has one scale for everyone: its
 * points {@code total} (the scoring file's, else the kata's), else 100; a result is put on it as
 * {@code scale × score / maxScore}, cut (not rounded) to two decimals so that only full marks
 * read as full marks.
 *
 * <p>Built only when each hand-in belongs to exactly one roster student and each student has at
 * most one hand-in per kata: a mark given to the wrong person, or one of two silently dropped, is
 * worse than no file ({@link #owners}).
 */
public final class ClassMarks {

    private final List<RosterStudent> students;
    private final List<String> katas;
    private final Map<String, Double> scales;
    private final Map<Key, Double> points;
    private final List<String> leftOut;

    private record Key(RosterStudent student, String kata) {
    }

    private ClassMarks(List<RosterStudent> students, List<String> katas, Map<String, Double> scales,
                       Map<Key, Double> points, List<String> leftOut) {
        this.students = List.copyOf(students);
        this.katas = List.copyOf(katas);
        this.scales = Map.copyOf(scales);
        this.points = Map.copyOf(points);
        this.leftOut = List.copyOf(leftOut);
    }

    /**
     * Whose each hand-in is, checked before anything is graded.
     *
     * @return the roster student of each hand-in on the roster, by kata and location
     * @throws LmsException a hand-in that could be two students', or two hand-ins of one student for one kata
     */
    public static Map<String, RosterStudent> owners(Roster roster, List<Handin> handins) throws LmsException {
        Map<String, RosterStudent> owners = new LinkedHashMap<>();
        Map<Key, Handin> taken = new LinkedHashMap<>();
        for (Handin handin : handins) {
            List<RosterStudent> candidates = roster.candidates(handin);
            if (candidates.size() > 1) {
                throw new LmsException("cannot tell whose " + handin.location() + " is: "
                        + String.join(" and ", candidates.stream().map(s -> s.name() + " (" + s.where() + ")").toList())
                        + " both match it; give the roster a column of ids the download uses");
            }
            if (candidates.isEmpty()) {
                continue;
            }
            RosterStudent owner = candidates.get(0);
            Handin other = taken.putIfAbsent(new Key(owner, handin.kataId()), handin);
            if (other != null) {
                throw new LmsException(owner.name() + " (" + owner.where() + ") has two hand-ins for " + handin.kataId()
                        + ": " + other.location() + " and " + handin.location() + "; keep the one to mark");
            }
            owners.put(key(handin.kataId(), handin.location()), owner);
        }
        return owners;
    }

    /**
     * @param roster  the class
     * @param handins the hand-ins graded, the roster's {@code NO_SUBMISSION} ones included
     * @param results their results
     * @param totals  each kata's points total where a scoring file or the kata sets one
     */
    public static ClassMarks of(Roster roster, List<Handin> handins, List<SubmissionResult> results,
                                Map<String, Double> totals) throws LmsException {
        Map<String, RosterStudent> owners = owners(roster, handins);
        Set<String> katas = new LinkedHashSet<>();
        handins.forEach(h -> katas.add(h.kataId()));
        Map<String, Double> scales = new LinkedHashMap<>();
        for (String kata : katas) {
            scales.put(kata, totals.getOrDefault(kata, 100.0));
        }
        Map<Key, Double> points = new LinkedHashMap<>();
        List<String> leftOut = new ArrayList<>();
        for (SubmissionResult result : results) {
            RosterStudent owner = owners.get(key(result.kata(), result.submission()));
            if (owner == null) {
                leftOut.add(result.student() + " (" + result.submission() + ", not on the roster)");
                continue;
            }
            double scale = scales.getOrDefault(result.kata(), 100.0);
            double mark = result.maxScore() > 0 ? scale * result.score() / result.maxScore() : 0;
            points.put(new Key(owner, result.kata()), Math.min(scale, Math.max(0, mark)));
        }
        for (RosterStudent student : roster.students()) {
            for (String kata : katas) {
                if (!points.containsKey(new Key(student, kata))) {
                    throw new LmsException("no result for " + student.name() + " (" + student.where() + ") on " + kata
                            + ": the marks would be incomplete");
                }
            }
        }
        return new ClassMarks(roster.students(), new ArrayList<>(katas), scales, points, leftOut);
    }

    /** The roster's students, in its order. */
    public List<RosterStudent> students() {
        return students;
    }

    /** The katas, one grade column each, in the order the download gave them. */
    public List<String> katas() {
        return katas;
    }

    /** What a kata is out of. */
    public double scale(String kata) {
        return scales.get(kata);
    }

    /** The student's points on a kata, on its scale. */
    public double points(RosterStudent student, String kata) {
        return points.get(new Key(student, kata));
    }

    /** The same, as a platform reads a number: a dot, up to two decimals, cut. */
    public String pointsText(RosterStudent student, String kata) {
        return Points.format(points(student, kata), 2);
    }

    /** Hand-ins graded but in no file: not on the roster, so no platform id to give them. */
    public List<String> leftOut() {
        return leftOut;
    }

    private static String key(String kata, String location) {
        return kata + "\n" + location;
    }

    /** Whose a result is, by the key {@link #owners} gives. */
    public static Optional<RosterStudent> owner(Map<String, RosterStudent> owners, SubmissionResult result) {
        return Optional.ofNullable(owners.get(key(result.kata(), result.submission())));
    }
}
