package org.katajudge.compile;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
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
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Finds every use of a forbidden API in attributed source: method calls, constructor calls,
 * method references, field reads and any mention of a forbidden type (variable types, casts,
 * {@code extends}, class literals). Resolved by javac, so aliases, static imports, inherited
 * methods and {@code var} hide nothing. Imports alone are not uses.
 */
final class PolicyScanner extends TreePathScanner<Void, Void> {

    private final ForbiddenApiPolicy policy;
    private final Trees trees;
    private final Types types;
    private final Elements elements;
    private final SourcePositions positions;
    private final String fileName;
    private final CompilationUnitTree unit;
    private final Map<String, PolicyViolation> found = new LinkedHashMap<>();

    private PolicyScanner(ForbiddenApiPolicy policy, Trees trees, Types types, Elements elements,
                          CompilationUnitTree unit, String fileName) {
        this.policy = policy;
        this.trees = trees;
        this.types = types;
        this.elements = elements;
        this.positions = trees.getSourcePositions();
        this.unit = unit;
        this.fileName = fileName;
    }

    static List<PolicyViolation> scan(ForbiddenApiPolicy policy, Trees trees, Types types, Elements elements,
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
    public Void visitMethod(MethodTree tree, Void unused) {
        if (tree.getModifiers().getFlags().contains(Modifier.NATIVE)) {
            report(tree, "native method " + tree.getName(), "native code");
        }
        return super.visitMethod(tree, unused);
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
        check(tree, trees.getElement(getCurrentPath()));
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
        String api;
        Optional<String> why;
        if (isType(element)) {
            api = ((TypeElement) element).getQualifiedName().toString();
            why = policy.forbidsType(api);
        } else if (isMember(element) && element.getEnclosingElement() instanceof TypeElement owner) {
            String ownerName = owner.getQualifiedName().toString();
            String member = element.getKind() == ElementKind.CONSTRUCTOR ? "<init>" : element.getSimpleName().toString();
            String parameters = element instanceof ExecutableElement method ? parameters(method) : null;
            why = policy.forbidsMember(ownerName, member, parameters);
            api = (member.equals("<init>") ? "new " + ownerName : ownerName + "." + member)
                    + (parameters == null ? "" : "(" + parameters + ")");
        } else {
            return;
        }
        // The policy's own reason, when it has one, says more than the module's.
        why.or(() -> outsideJavaBase(element).map(module -> "the module " + module + " (kata solutions have java.base only)"))
                .ifPresent(reason -> report(tree, api, reason));
    }

    /**
     * The JDK module an element belongs to, when it is not java.base: a kata solution needs
     * nothing else, and the other modules reach out (java.desktop's timers and event queue,
     * java.xml's URI loading, java.net.http, java.sql...).
     */
    private Optional<String> outsideJavaBase(Element element) {
        ModuleElement module = elements.getModuleOf(element);
        if (module == null || module.isUnnamed() || module.getQualifiedName().contentEquals("java.base")) {
            return Optional.empty(); // the submission's own classes, or java.base
        }
        return Optional.of(module.getQualifiedName().toString());
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
        long start = positions.getStartPosition(unit, tree);
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
        found.putIfAbsent(line + " " + why, new PolicyViolation(fileName, line, column, api, why));
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
