import Glibc
import PeachTraining
import Testing

/// The profile's dense Cholesky factorisation. It works on four rows at a
/// time for speed; the training benchmark compares code versions on the same
/// seeds, so its results must equal the textbook loop's bit for bit.
@Suite struct CholeskyTests {
    /// A symmetric positive-definite matrix M·Mᵀ + I, row-major, from a seeded generator.
    static func matrix(size n: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        let m = (0..<n * n).map { _ in Double.random(in: -1...1, using: &generator) }
        return (0..<n * n).map { entry in
            let (i, j) = (entry / n, entry % n)
            return (0..<n).reduce(i == j ? 1.0 : 0.0) { $0 + m[i * n + $1] * m[j * n + $1] }
        }
    }

    /// The textbook column-by-column factorisation, one row at a time.
    static func textbookLower(_ a: [Double], size n: Int) -> [Double] {
        var l = a
        for j in 0..<n {
            var diagonal = l[j * n + j]
            for k in 0..<j { diagonal -= l[j * n + k] * l[j * n + k] }
            let root = diagonal.squareRoot()
            l[j * n + j] = root
            for i in (j + 1)..<n {
                var sum = l[i * n + j]
                for k in 0..<j { sum -= l[i * n + k] * l[j * n + k] }
                l[i * n + j] = sum / root
            }
        }
        return l
    }

    /// Forward substitution with `lower`, in `Cholesky.solveLower`'s order.
    static func forward(_ lower: [Double], _ b: [Double], size n: Int) -> [Double] {
        var x = b
        for i in 0..<n {
            var sum = x[i]
            for k in 0..<i { sum -= lower[i * n + k] * x[k] }
            x[i] = sum / lower[i * n + i]
        }
        return x
    }

    /// Sizes 1–13 cover no full block of four, one to three blocks, and every remainder.
    @Test(arguments: 1...13) func theFactorEqualsTheTextbookLoopsBitForBit(size: Int) throws {
        let a = Self.matrix(size: size, seed: UInt64(size))
        let factor = try #require(Cholesky(a, size: size))
        let reference = Self.textbookLower(a, size: size)
        var generator = SeededGenerator(seed: 100 + UInt64(size))
        let b = (0..<size).map { _ in Double.random(in: -1...1, using: &generator) }
        #expect(factor.solveLower(b) == Self.forward(reference, b, size: size))
        #expect(factor.logDeterminant == (0..<size).reduce(0.0) { $0 + 2 * log(reference[$1 * size + $1]) })
        // And it solves the system.
        let x = factor.solve(b)
        for i in 0..<size {
            let row = (0..<size).reduce(0.0) { $0 + a[i * size + $1] * x[$1] }
            #expect(abs(row - b[i]) < 1e-9)
        }
    }

    @Test func aMatrixThatIsNotPositiveDefiniteHasNoFactor() {
        // Eigenvalues 3 and −1.
        #expect(Cholesky([1, 2, 2, 1], size: 2) == nil)
        var a = Self.matrix(size: 9, seed: 1)
        a[8 * 9 + 8] = -1
        #expect(Cholesky(a, size: 9) == nil)
    }
}
