import Foundation
import Glibc

/// A real small filesystem (tmpfs) mounted for a test, to fill up: a full
/// disk as users meet it, not a stub. Needs the right to mount (root).
public struct SmallDisk {
    public let path: String

    /// Mounting is not permitted here; `reason` is what mount said.
    public struct MountRefused: Error {
        public let reason: String
    }

    /// Mounts a tmpfs of `bytes` at `path` (created).
    public static func mount(at path: String, bytes: Int) throws -> SmallDisk {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try Shell.run(["/bin/mount", "-t", "tmpfs", "-o", "size=\(bytes),mode=0700", "tmpfs", path])
        guard result.status == 0 else { throw MountRefused(reason: result.standardError) }
        return SmallDisk(path: path)
    }

    /// Mounts it, or says the test is skipped and why (nil) where mounting is not permitted.
    public static func mountOrSkip(at path: String, bytes: Int) throws -> SmallDisk? {
        do { return try mount(at: path, bytes: bytes) } catch let refusal as MountRefused {
            print("skipped: mounting a tmpfs is not permitted here (\(refusal.reason)); the full-disk test needs it")
            return nil
        }
    }

    /// Takes every free block with a file of its own, until the disk says it is full.
    public func fill() {
        let descriptor = open(path + "/filler", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0xAA, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
    }

    public func unmount() {
        _ = try? Shell.run(["/bin/umount", path])
    }
}
