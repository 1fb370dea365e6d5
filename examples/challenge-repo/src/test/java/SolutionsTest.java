import org.katajudge.engine.KataSolutions;

/**
 * Grades every solution below solutions/ with kata-judge: each example and the random tests of
 * each method become a test of this class, named "kata › contributor › test".
 */
@KataSolutions("solutions")
class SolutionsTest {
}
