package org.katajudge.sandbox;

import java.util.Locale;

/**
 * How the operating system isolates a child JVM, strongest first. The judge uses the strongest
 * one that works on the machine and says which in every report.
 */
public enum Isolation {

    /** bubblewrap: no network, own PID namespace, read-only system files, a private /tmp, nothing else visible. */
    BWRAP("bwrap: no network, own PID namespace, read-only system directories, private /tmp of 64 MiB, no /etc; "
            + "the judge, the references and the other submissions are not visible"),

    /** unshare: no network and an own PID namespace, but the file system is shared. */
    UNSHARE("unshare: no network, own PID namespace; the file system is NOT isolated (install bubblewrap)"),

    /** No OS isolation: only the JVM-level and kernel limits and the policy protect the judge. */
    NONE("none: no OS isolation; submissions share the network and the file system, "
            + "guarded by the policy, the JVM's and the kernel's limits (install bubblewrap)");

    private final String description;

    Isolation(String description) {
        this.description = description;
    }

    /** One sentence for reports: what protects the judge from a submission, and the limits of every mode. */
    public String description() {
        return description + "; in every mode: java.base only, 1 GiB of memory in all, the kata's per-call time limit"
                + " in CPU time (a busy machine does not count against a call), and a budget per submission of "
                + Limits.BASE_TOTAL.toSeconds() + " s plus " + Limits.PER_CASE.toMillis() + " ms per call asked for"
                + (ChildUser.switches() ? ", each child as a user of its own" : ", children as the judge's user");
    }

    /** The value for {@code --isolation}: {@code bwrap}, {@code unshare} or {@code none}. */
    public String optionValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
