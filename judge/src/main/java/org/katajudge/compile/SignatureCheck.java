package org.katajudge.compile;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the kata's class and methods in a compiled submission, in whatever package the student
 * put it, and when something is missing says what was found and what is expected: a close name
 * ("did you mean ..."), a method that is not public or static, another return or parameter type.
 */
final class SignatureCheck {

    /** What the check found. */
    sealed interface Outcome permits Found, Missing {
    }

    /** The kata's class, found: its element and binary name, and notes for the student. */
    record Found(TypeElement type, String binaryName, List<String> notes) implements Outcome {
    }

    /** What keeps the submission from being graded: one message per problem. */
    record Missing(List<CompilerMessage> problems) implements Outcome {
    }

    private final Trees trees;
    private final Elements elements;
    private final Types types;
    private final Function<CompilationUnitTree, String> fileNames;

    SignatureCheck(Trees trees, Elements elements, Types types, Function<CompilationUnitTree, String> fileNames) {
        this.trees = trees;
        this.elements = elements;
        this.types = types;
        this.fileNames = fileNames;
    }

    /** The class, or the problems that keep the submission from being graded. */
    Outcome check(Iterable<? extends CompilationUnitTree> units, ExpectedClass expected) {
        List<TypeElement> topLevel = new ArrayList<>();
        List<TypeElement> nested = new ArrayList<>();
        for (CompilationUnitTree unit : units) {
            for (Tree declaration : unit.getTypeDecls()) {
                if (declaration instanceof ClassTree
                        && trees.getElement(new TreePath(new TreePath(unit), declaration)) instanceof TypeElement type) {
                    topLevel.add(type);
                    collectNested(type, nested);
                }
            }
        }
        List<TypeElement> named = topLevel.stream().filter(t -> t.getSimpleName().contentEquals(expected.name())).toList();
        if (named.isEmpty()) {
            return missing(message(null, missingClass(expected, topLevel, nested)));
        }
        TypeElement type = named.stream().filter(t -> packageOf(t).isEmpty()).findFirst().orElse(null);
        if (type == null && named.size() > 1) {
            return missing(message(null, "several classes are named " + expected.name() + " (in packages "
                    + String.join(", ", named.stream().map(this::packageOf).toList())
                    + "): the kata needs exactly one public class " + expected.name()));
        }
        if (type == null) {
            type = named.get(0);
        }
        if (!type.getModifiers().contains(Modifier.PUBLIC)) {
            return missing(message(type, "class " + expected.name() + " is not public: the kata needs `public class "
                    + expected.name() + "`"));
        }
        List<CompilerMessage> problems = new ArrayList<>();
        for (ExpectedClass.Method method : expected.methods()) {
            methodProblem(type, method).ifPresent(problems::add);
        }
        if (!problems.isEmpty()) {
            return new Missing(problems);
        }
        List<String> notes = new ArrayList<>();
        String packageName = packageOf(type);
        if (!packageName.isEmpty()) {
            notes.add(expected.name() + " is in package " + packageName
                    + "; the kata expects the default package — graded as it is");
        }
        return new Found(type, elements.getBinaryName(type).toString(), notes);
    }

    private static Missing missing(CompilerMessage problem) {
        return new Missing(List.of(problem));
    }

    private void collectNested(TypeElement type, List<TypeElement> into) {
        for (Element member : type.getEnclosedElements()) {
            if (member instanceof TypeElement inner) {
                into.add(inner);
                collectNested(inner, into);
            }
        }
    }

    private String missingClass(ExpectedClass expected, List<TypeElement> topLevel, List<TypeElement> nested) {
        String needs = "`public class " + expected.name() + "`";
        Optional<TypeElement> inner = nested.stream().filter(t -> t.getSimpleName().contentEquals(expected.name())).findFirst();
        if (inner.isPresent()) {
            return "no top-level class " + expected.name() + ": it is nested in "
                    + inner.get().getEnclosingElement().getSimpleName() + "; the kata needs " + needs + " in its own file";
        }
        Optional<String> close = closest(expected.name(), topLevel.stream().map(t -> t.getSimpleName().toString()).toList());
        if (close.isPresent()) {
            return "no class " + expected.name() + "; did you mean `" + close.get() + "`? The kata needs " + needs
                    + (close.get().equalsIgnoreCase(expected.name()) ? " (names are case-sensitive)" : "");
        }
        String declaring = expected.methods().isEmpty() ? ""
                : " declaring `" + expected.methods().get(0).signature() + "`"
                + (expected.methods().size() > 1 ? " and " + (expected.methods().size() - 1) + " more" : "");
        String found = topLevel.isEmpty() ? "the sources declare no class"
                : "the sources declare " + String.join(", ", topLevel.stream().limit(5).map(t -> t.getSimpleName().toString()).toList())
                + (topLevel.size() > 5 ? " and " + (topLevel.size() - 5) + " more" : "");
        return "no class " + expected.name() + ": the kata needs " + needs + declaring + "; " + found;
    }

    private Optional<CompilerMessage> methodProblem(TypeElement type, ExpectedClass.Method expected) {
        List<ExecutableElement> methods = type.getEnclosedElements().stream()
                .filter(e -> e.getKind() == ElementKind.METHOD).map(ExecutableElement.class::cast).toList();
        List<ExecutableElement> sameName = methods.stream().filter(m -> m.getSimpleName().contentEquals(expected.name())).toList();
        String className = type.getSimpleName().toString();
        String needs = "the kata needs `" + expected.signature() + "`";
        if (sameName.isEmpty()) {
            Optional<String> close = closest(expected.name(), methods.stream().map(m -> m.getSimpleName().toString()).toList());
            if (close.isPresent()) {
                return Optional.of(message(type, className + " has no method " + expected.name() + "; did you mean `"
                        + close.get() + "`? " + capitalized(needs)
                        + (close.get().equalsIgnoreCase(expected.name()) ? " (names are case-sensitive)" : "")));
            }
            Optional<? extends Element> inherited = elements.getAllMembers(type).stream()
                    .filter(e -> e.getKind() == ElementKind.METHOD && e.getSimpleName().contentEquals(expected.name()))
                    .findFirst();
            String declares = inherited.isPresent()
                    ? "; it inherits one from " + inherited.get().getEnclosingElement().getSimpleName()
                    + ", but the kata calls a method " + className + " declares itself"
                    : methods.isEmpty() ? "" : "; it declares " + String.join(", ", methods.stream().limit(3)
                    .map(m -> "`" + describe(m) + "`").toList()) + (methods.size() > 3 ? " and " + (methods.size() - 3) + " more" : "");
            return Optional.of(message(type, className + " has no method " + expected.name() + ": " + needs + declares));
        }
        ExecutableElement best = null;
        List<String> bestDifferences = null;
        for (ExecutableElement method : sameName) {
            List<String> differences = differences(method, expected);
            if (differences.isEmpty()) {
                return Optional.empty();
            }
            if (best == null || differences.size() < bestDifferences.size()) {
                best = method;
                bestDifferences = differences;
            }
        }
        return Optional.of(message(best, className + " declares `" + describe(best) + "`; " + needs
                + " (" + String.join(", ", bestDifferences) + ")"));
    }

    /** What keeps {@code method} from being the expected one, in words; empty when it is the one. */
    private List<String> differences(ExecutableElement method, ExpectedClass.Method expected) {
        List<String> differences = new ArrayList<>();
        if (!method.getModifiers().contains(Modifier.PUBLIC)) {
            differences.add(method.getModifiers().contains(Modifier.PRIVATE) ? "it is private" : "it is not public");
        }
        if (!method.getModifiers().contains(Modifier.STATIC)) {
            differences.add("it is not static");
        }
        String returns = erasure(method.getReturnType());
        if (!returns.equals(expected.returns())) {
            differences.add("it returns " + mismatch(returns, expected.returns()));
        }
        int count = method.getParameters().size();
        int wanted = expected.parameterTypes().size();
        if (count != wanted) {
            differences.add("it takes " + count + " parameter" + (count == 1 ? "" : "s") + ", not " + wanted);
        } else {
            for (int i = 0; i < count; i++) {
                String type = erasure(method.getParameters().get(i).asType());
                String want = expected.parameterTypes().get(i);
                if (!type.equals(want)) {
                    differences.add("parameter " + (i + 1) + " is " + mismatch(type, want));
                }
            }
        }
        return differences;
    }

    /** {@code long, not int}; in full when the found type only looks like the expected one (a class of their own named String). */
    private static String mismatch(String found, String expected) {
        String simple = ExpectedClass.simple(found);
        return simple.equals(ExpectedClass.simple(expected)) ? "the class " + found + " of the submission, not " + expected
                : simple + ", not " + ExpectedClass.simple(expected);
    }

    /** {@code public static long minMoves(String, String)}. */
    private String describe(ExecutableElement method) {
        StringBuilder text = new StringBuilder();
        for (Modifier modifier : List.of(Modifier.PUBLIC, Modifier.PROTECTED, Modifier.PRIVATE, Modifier.STATIC)) {
            if (method.getModifiers().contains(modifier)) {
                text.append(modifier).append(' ');
            }
        }
        text.append(ExpectedClass.simple(erasure(method.getReturnType()))).append(' ').append(method.getSimpleName()).append('(');
        for (int i = 0; i < method.getParameters().size(); i++) {
            text.append(i == 0 ? "" : ", ").append(ExpectedClass.simple(erasure(method.getParameters().get(i).asType())));
        }
        return text.append(')').toString();
    }

    private String erasure(TypeMirror type) {
        return types.erasure(type).toString();
    }

    private String packageOf(TypeElement type) {
        return elements.getPackageOf(type).getQualifiedName().toString();
    }

    /** A message at the declaration of {@code element}, or at no place when it is null or not in the sources. */
    private CompilerMessage message(Element element, String text) {
        TreePath path = element == null ? null : trees.getPath(element);
        if (path == null) {
            return new CompilerMessage("", 0, 0, text);
        }
        CompilationUnitTree unit = path.getCompilationUnit();
        SourcePositions positions = trees.getSourcePositions();
        long start = positions.getStartPosition(unit, path.getLeaf());
        if (start < 0) {
            return new CompilerMessage(fileNames.apply(unit), 0, 0, text);
        }
        return new CompilerMessage(fileNames.apply(unit), unit.getLineMap().getLineNumber(start),
                unit.getLineMap().getColumnNumber(start), text);
    }

    /** The name among {@code names} that is a typo away from {@code wanted}: same letters in another case, or a small edit. */
    static Optional<String> closest(String wanted, List<String> names) {
        return names.stream()
                .filter(name -> !name.equals(wanted))
                .filter(name -> distance(name.toLowerCase(Locale.ROOT), wanted.toLowerCase(Locale.ROOT))
                        <= (wanted.length() >= 6 ? 2 : 1))
                .min(Comparator.comparingInt((String name) -> name.equalsIgnoreCase(wanted) ? 0 : 1)
                        .thenComparingInt(name -> distance(name, wanted)));
    }

    /** Levenshtein distance; names are short, and longer ones are not compared. */
    static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 2 || a.length() > 200 || b.length() > 200) {
            return Integer.MAX_VALUE;
        }
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
