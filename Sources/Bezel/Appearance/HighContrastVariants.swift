import Synchronization

/// The high-contrast variants of dynamic colours, kept out of `Color` (which stays a plain
/// value of the same size: it holds an index here). Equal variants share one index, so equal
/// colours stay equal and the table grows only with distinct variants an app makes (the
/// system colours' and a kiosk's palette: tens), not with every colour made.
enum HighContrastVariants {
    struct Variants: Hashable {
        var light: Color
        var dark: Color
    }

    private struct Table {
        var entries: [Variants] = []
        var indices: [Variants: UInt16] = [:]
    }

    /// Colours are made on any thread (static colours, an app's own): one lock.
    private static let table = Mutex(Table())
    /// The most variants kept (65,535 minus "none"): past it a colour keeps its normal
    /// appearance in high contrast, reported once.
    static let capacity = Int(UInt16.max) - 1

    /// The index of `light`/`dark` (plain colours), made on first use; 0 when the table is full.
    static func index(light: Color, dark: Color) -> UInt16 {
        let variants = Variants(light: light, dark: dark)
        let (index, full) = table.withLock { table -> (UInt16, Bool) in
            if let index = table.indices[variants] { return (index, false) }
            guard table.entries.count < capacity else { return (0, true) }
            table.entries.append(variants)
            let index = UInt16(table.entries.count)
            table.indices[variants] = index
            return (index, false)
        }
        if full { reportFull() }
        return index
    }

    static func variants(_ index: UInt16) -> Variants? {
        table.withLock { table in index >= 1 && Int(index) <= table.entries.count ? table.entries[Int(index) - 1] : nil }
    }

    /// The index of the variants at `index` changed by `change` (a colour's `withAlpha`).
    static func mapped(_ index: UInt16, _ change: (Color) -> Color) -> UInt16 {
        guard let variants = variants(index) else { return 0 }
        return self.index(light: change(variants.light), dark: change(variants.dark))
    }

    private static let reported = Atomic<Bool>(false)
    private static func reportFull() {
        guard !reported.exchange(true, ordering: .relaxed) else { return }
        Task { @MainActor in
            Diagnostics.report(.apiMisuse, "more than \(capacity) distinct high-contrast colours were made; later ones keep their normal look in high contrast")
        }
    }
}
