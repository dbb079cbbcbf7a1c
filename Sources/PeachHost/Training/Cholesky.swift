import Glibc

/// Dense Cholesky factorisation and triangular solves for the profile's small
/// symmetric positive-definite systems (one row per key, at most 88).
package struct Cholesky {
    package let size: Int
    /// Lower triangle, row-major; the upper part is unused.
    private(set) var lower: [Double]

    /// Factorises `matrix` (row-major, size × size). Returns nil if it is not positive definite.
    package init?(_ matrix: [Double], size: Int) {
        self.size = size
        lower = matrix
        let ok = lower.withUnsafeMutableBufferPointer { l -> Bool in
            for j in 0..<size {
                var diagonal = l[j * size + j]
                for k in 0..<j { diagonal -= l[j * size + k] * l[j * size + k] }
                guard diagonal > 0 else { return false }
                let root = diagonal.squareRoot()
                l[j * size + j] = root
                // Four rows at a time: four independent sums sharing row j's
                // loads run about three times as fast as one, each with the
                // same operations in the same order, so the result is the same.
                var row = j + 1
                while row + 3 < size {
                    let (r0, r1, r2, r3, rj) = (row * size, (row + 1) * size, (row + 2) * size, (row + 3) * size, j * size)
                    var (s0, s1, s2, s3) = (l[r0 + j], l[r1 + j], l[r2 + j], l[r3 + j])
                    for k in 0..<j {
                        let ljk = l[rj + k]
                        s0 -= l[r0 + k] * ljk
                        s1 -= l[r1 + k] * ljk
                        s2 -= l[r2 + k] * ljk
                        s3 -= l[r3 + k] * ljk
                    }
                    (l[r0 + j], l[r1 + j], l[r2 + j], l[r3 + j]) = (s0 / root, s1 / root, s2 / root, s3 / root)
                    row += 4
                }
                for i in row..<size {
                    var sum = l[i * size + j]
                    for k in 0..<j { sum -= l[i * size + k] * l[j * size + k] }
                    l[i * size + j] = sum / root
                }
            }
            return true
        }
        guard ok else { return nil }
    }

    /// Solves L·x = b.
    package func solveLower(_ b: [Double]) -> [Double] {
        var x = b
        lower.withUnsafeBufferPointer { l in
            for i in 0..<size {
                var sum = x[i]
                for k in 0..<i { sum -= l[i * size + k] * x[k] }
                x[i] = sum / l[i * size + i]
            }
        }
        return x
    }

    /// Solves Lᵀ·x = b.
    package func solveUpper(_ b: [Double]) -> [Double] {
        var x = b
        lower.withUnsafeBufferPointer { l in
            for i in stride(from: size - 1, through: 0, by: -1) {
                var sum = x[i]
                for k in (i + 1)..<size { sum -= l[k * size + i] * x[k] }
                x[i] = sum / l[i * size + i]
            }
        }
        return x
    }

    /// Solves A·x = b for the factorised matrix A = L·Lᵀ.
    package func solve(_ b: [Double]) -> [Double] { solveUpper(solveLower(b)) }

    /// log det of the factorised matrix.
    package var logDeterminant: Double {
        var sum = 0.0
        for i in 0..<size { sum += 2 * log(lower[i * size + i]) }
        return sum
    }
}
