/// The daily hours the screen is off (`screen_off = 22:00-06:30`, local time): from `start`
/// up to, not including, `end`; an end before the start runs past midnight. Times are
/// seconds since local midnight, so a day with a daylight-saving jump still switches at the
/// clock times written.
public struct OffHours: Sendable, Equatable, CustomStringConvertible {
    public let start: Int
    public let end: Int
    static let day = 86_400

    /// `"HH:MM-HH:MM"` (24-hour clock; `6:30` too); nil for anything else, or for equal ends (an empty
    /// or a whole-day schedule: `off_after` and the app's request say those better).
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end else { return nil }
        self.start = start * 60
        self.end = end * 60
    }

    private static func minutes(_ text: Substring) -> Int? {
        let hm = String(text).trimmingSpaces.split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, (1...2).contains(hm[0].count), hm[1].count == 2,
              hm[0].allSatisfy(\.isASCIIDigit), hm[1].allSatisfy(\.isASCIIDigit),
              let h = Int(hm[0]), let m = Int(hm[1]), h < 24, m < 60 else { return nil }
        return h * 60 + m
    }

    /// Whether `second` (since local midnight) is in the off hours.
    public func contains(secondOfDay second: Double) -> Bool {
        let s = Int(second.rounded(.down))
        return start < end ? (start <= s && s < end) : (s >= start || s < end)
    }

    /// Seconds from `second` to the next start or end (never 0: at a boundary, the one after).
    public func secondsToNextChange(fromSecondOfDay second: Double) -> Double {
        func until(_ boundary: Int) -> Double {
            let d = Double(boundary) - second
            return d > 0 ? d : d + Double(Self.day)
        }
        return min(until(start), until(end))
    }

    public var description: String { "\(Self.clock(start))-\(Self.clock(end))" }

    private static func clock(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
