/// Puts the answers of several history files into one time order.
package enum AnswerMerge {
    /// All answers by time; equal times keep the order of `files`, then of
    /// lines within a file. Files already in time order (the usual case) are
    /// merged in one pass; one that is not (a clock set back) is sorted first.
    ///
    /// `writers` names the machine behind each file. Answers that another
    /// file of the same machine repeats exactly (a sync tool's conflict copy,
    /// an import) count once: of equal answers at one time, as many are kept
    /// as the file with the most of them holds (a fast script can give two
    /// equal answers within one millisecond). Files of different machines are
    /// never compared: two machines may well answer alike in one millisecond.
    package static func inTimeOrder<Element: Equatable>(_ files: [[Element]], writers: [String]? = nil, time: (Element) -> Double) -> [Element] {
        let writers = writers ?? files.indices.map(String.init)
        let sortedFiles = files.map { answers in
            zip(answers, answers.dropFirst()).allSatisfy { time($0) <= time($1) } ? answers
                : answers.enumerated().sorted { (time($0.element), $0.offset) < (time($1.element), $1.offset) }.map(\.element)
        }
        if sortedFiles.count == 1 { return sortedFiles[0] }
        var merged: [Element] = []
        merged.reserveCapacity(sortedFiles.reduce(0) { $0 + $1.count })
        var heads = sortedFiles.map(\.startIndex)
        // The answers seen at the current time, with their file, and whether each was kept.
        var sameTime: [(element: Element, file: Int, kept: Bool)] = []
        while true {
            var earliest: Int?
            for file in sortedFiles.indices where heads[file] < sortedFiles[file].endIndex {
                if let best = earliest, time(sortedFiles[best][heads[best]]) <= time(sortedFiles[file][heads[file]]) { continue }
                earliest = file
            }
            guard let file = earliest else { return merged }
            let next = sortedFiles[file][heads[file]]
            heads[file] += 1
            if let first = sameTime.first, time(first.element) != time(next) { sameTime.removeAll(keepingCapacity: true) }
            let equal = sameTime.filter { $0.element == next && writers[$0.file] == writers[file] }
            let keep = equal.filter { $0.file == file }.count >= equal.filter(\.kept).count
            if keep { merged.append(next) }
            sameTime.append((next, file, keep))
        }
    }
}
