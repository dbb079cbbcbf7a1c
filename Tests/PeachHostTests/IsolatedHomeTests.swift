import Foundation
import Glibc
import IsolatedHome
import PeachTestSupport
import Testing

/// The tests never see the home of whoever runs them: the test process, every
/// plugin it loads and every program it starts get a new, empty one.
@Suite struct IsolatedHomeTests {
    static let variables = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]

    @Test func theTestProcessHasAHomeOfItsOwn() throws {
        let home = String(cString: peach_isolated_home())
        #expect(home.contains("/peach-test-home-"))
        let realHome = try #require(getpwuid(getuid())).pointee.pw_dir.map { String(cString: $0) }
        #expect(home != realHome)
        for name in Self.variables {
            let value = try #require(getenv(name).map { String(cString: $0) }, "\(name) is set")
            #expect(value.hasPrefix(home), "\(name) = \(value) lies in the test's own home")
        }
    }

    @Test func programsStartedByTestsInheritIt() throws {
        let home = String(cString: peach_isolated_home())
        let output = try Shell.run(["env"])
        for name in Self.variables {
            let line = output.standardOutput.split(separator: "\n").first { $0.hasPrefix(name + "=") }
            #expect(line.map { $0.dropFirst(name.count + 1).hasPrefix(home) } == true, "\(name) in a child: \(line ?? "unset")")
        }
    }
}
