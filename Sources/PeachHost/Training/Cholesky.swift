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
                for i in (j + 1)..<size {
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
