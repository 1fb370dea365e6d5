package org.katajudge.compile;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.PackageTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds every use of the JDK that the {@link SolutionPolicy} does not allow, in attributed
 * source: method calls, constructor calls, method references, field reads and any mention of a
 * type (variable types, casts, {@code extends}, class literals). Resolved by javac, so aliases,
 * static imports, inherited methods and {@code var} hide nothing. Imports and the package
 * clause are not uses. Also rejects what a submission may not declare: native methods and
 * finalizers.
 */
final class PolicyScanner extends TreePathScanner<Void, Void> {

    /** Far more than a student needs to see (reports keep 20): a bound for generated sources. */
    static final int MAX_VIOLATIONS = 500;

    private final SolutionPolicy policy;
    private final Trees trees;
    private final Types types;
    private final Elements elements;
    private final SourcePositions positions;
    private final String fileName;
    private final CompilationUnitTree unit;
    private final Map<String, PolicyViolation> found = new LinkedHashMap<>();

    private PolicyScanner(SolutionPolicy policy, Trees trees, Types types, Elements elements,
                          CompilationUnitTree unit, String fileName) {
        this.policy = policy;
        this.trees = trees;
        this.types = types;
        this.elements = elements;
        this.positions = trees.getSourcePositions();
        this.unit = unit;
        this.fileName = fileName;
    }

    static List<PolicyViolation> scan(SolutionPolicy policy, Trees trees, Types types, Elements elements,
                                      CompilationUnitTree unit, String fileName) {
        PolicyScanner scanner = new PolicyScanner(policy, trees, types, elements, unit, fileName);
        scanner.scan(unit, null);
        return List.copyOf(scanner.found.values());
    }

    @Override
    public Void visitImport(ImportTree tree, Void unused) {
        return null;
    }

    @Override
    public Void visitPackage(PackageTree tree, Void unused) {
        return null; // a package clause uses nothing (and may be thousands of names deep)
    }

    @Override
    public Void visitMethod(MethodTree tree, Void unused) {
        Set<Modifier> modifiers = tree.getModifiers().getFlags();
        if (modifiers.contains(Modifier.NATIVE)) {
            report(tree, "native method " + tree.getName(), "native code runs outside the JVM's checks");
        }
        if (tree.getName().contentEquals("finalize") && tree.getParameters().isEmpty()
                && !modifiers.contains(Modifier.STATIC)) {
            report(namePosition(tree), "declaring finalize()", "the JVM runs finalizers on its own thread, outside any call");
        }
        if (trees.getElement(getCurrentPath()) instanceof ExecutableElement method
                && elements.getOrigin(method) != Elements.Origin.EXPLICIT) {
            // javac made it (a default or an anonymous class's constructor, a record's accessor): its
            // signature repeats what the source says elsewhere, at no place of its own; its body is checked
            return scan(tree.getBody(), null);
        }
        return super.visitMethod(tree, unused);
    }

    /** Where a method's name is, for a report a student finds (after its annotations and modifiers). */
    private long namePosition(MethodTree tree) {
        long start = positions.getStartPosition(unit, tree);
        try {
            String text = unit.getSourceFile().getCharContent(true).toString();
            int at = text.indexOf(tree.getName().toString() + "(", (int) Math.max(0, start));
            if (at < 0) {
                at = text.indexOf(tree.getName().toString(), (int) Math.max(0, start));
            }
            return at >= 0 ? at : start;
        } catch (java.io.IOException e) {
            return start;
        }
    }

    @Override
    public Void visitIdentifier(IdentifierTree tree, Void unused) {
        check(tree, trees.getElement(getCurrentPath()));
        return null;
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree tree, Void unused) {
        Element element = trees.getElement(getCurrentPath());
        check(tree, element);
        Element qualifier = trees.getElement(new TreePath(getCurrentPath(), tree.getExpression()));
        if (element != null && isMember(element) && qualifier != null && isType(qualifier)) {
            return null; // Thread.sleep: the type only qualifies an allowed static member
        }
        return super.visitMemberSelect(tree, unused);
    }

    @Override
    public Void visitMemberReference(MemberReferenceTree tree, Void unused) {
        Element element = trees.getElement(getCurrentPath());
        check(tree, element);
        Tree qualifier = tree.getQualifierExpression();
        Element qualifierElement = trees.getElement(new TreePath(getCurrentPath(), qualifier));
        if (element != null && isMember(element) && qualifierElement != null && isType(qualifierElement)
                && (qualifier instanceof IdentifierTree || qualifier instanceof MemberSelectTree)) {
            scan(tree.getTypeArguments(), null);
            return null; // System::exit: the type only qualifies the member, which is checked
        }
        return super.visitMemberReference(tree, unused);
    }

    @Override
    public Void visitNewClass(NewClassTree tree, Void unused) {
        check(tree, trees.getElement(getCurrentPath()));
        return super.visitNewClass(tree, unused);
    }

    private void check(Tree tree, Element element) {
        if (element == null || positions.getStartPosition(unit, tree) < 0) {
            return; // no element, or a tree javac made up (the type of a var, of a lambda parameter): its uses are checked
        }
        if (isType(element)) {
            TypeElement type = (TypeElement) element;
            if (!ofTheJdk(type)) {
                return;
            }
            String name = type.getQualifiedName().toString();
            policy.decide(new SolutionPolicy.Api(packageOf(type), name, null, null))
                    .ifPresent(why -> report(tree, name, why));
        } else if (isMember(element) && element.getEnclosingElement() instanceof TypeElement owner) {
            if (!ofTheJdk(owner)) {
                return;
            }
            String ownerName = owner.getQualifiedName().toString();
            String member = element.getKind() == ElementKind.CONSTRUCTOR ? "<init>" : element.getSimpleName().toString();
            String parameters = element instanceof ExecutableElement method ? parameters(method) : null;
            String api = (member.equals("<init>") ? "new " + ownerName : ownerName + "." + member)
                    + (parameters == null ? "" : "(" + parameters + ")");
            policy.decide(new SolutionPolicy.Api(packageOf(owner), ownerName, member, parameters))
                    .ifPresent(why -> report(tree, api, why));
        }
    }

    /**
     * Whether a type is the JDK's, not the submission's own: the submission compiles in the
     * unnamed module against the JDK alone, so a named module means the JDK. (javac's own
     * pseudo-types, such as the class of arrays that declares {@code length} and
     * {@code clone()}, have no module and are not checked.)
     */
    private boolean ofTheJdk(TypeElement type) {
        ModuleElement module = elements.getModuleOf(type);
        return module != null && !module.isUnnamed();
    }

    private String packageOf(TypeElement type) {
        return elements.getPackageOf(type).getQualifiedName().toString();
    }

    private String parameters(ExecutableElement method) {
        return method.getParameters().stream()
                .map(p -> erasure(p.asType()))
                .collect(Collectors.joining(","));
    }

    private String erasure(TypeMirror type) {
        return types.erasure(type).toString();
    }

    private void report(Tree tree, String api, String why) {
        report(positions.getStartPosition(unit, tree), tree, api, why);
    }

    private void report(long position, String api, String why) {
        report(position, null, api, why);
    }

    private void report(long position, Tree tree, String api, String why) {
        long start = position;
        if (tree instanceof MemberSelectTree select) {
            // a.b()\n.c() spans lines: report the member on the line where it is named
            long end = positions.getEndPosition(unit, tree);
            long named = end - select.getIdentifier().length();
            if (end > start && named > start
                    && unit.getLineMap().getLineNumber(named) != unit.getLineMap().getLineNumber(start)) {
                start = named;
            }
        }
        long line = unit.getLineMap().getLineNumber(start);
        long column = unit.getLineMap().getColumnNumber(start);
        // One report per line and reason: "new Thread(...).start()" is one problem, not three.
        if (found.size() < MAX_VIOLATIONS) {
            found.putIfAbsent(line + " " + why, new PolicyViolation(fileName, line, column, api, why));
        }
    }

    private static boolean isType(Element element) {
        return element.getKind().isClass() || element.getKind().isInterface();
    }

    private static boolean isMember(Element element) {
        ElementKind kind = element.getKind();
        return kind == ElementKind.METHOD || kind == ElementKind.CONSTRUCTOR || kind == ElementKind.FIELD
                || kind == ElementKind.ENUM_CONSTANT;
    }
}
