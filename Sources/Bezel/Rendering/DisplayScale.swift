/// Choosing how many device pixels make a point (UIKit's screen scale) for a panel.
public enum DisplayScale {
    /// The scales Bezel renders at: UIKit's 1, 2 and 3, and 1.5 for 7" HD panels.
    public static let supported: [Double] = [1, 1.5, 2, 3]

    /// UIKit's point: 1/163 inch, the first iPhone's pixel. A panel of `ppi` pixels an inch
    /// shows points at about their size on an iPhone at scale ppi/163.
    public static let pointsPerInch = 163.0

    /// The supported scale nearest `ppi / 163` for a panel of `pixels` over `millimetres`
    /// (its EDID's or DSI mode's size), 1 when the size is unknown (0) or absurd. Examples:
    /// a 7" 800×480 panel (133 ppi) gets 1, the Raspberry Pi Touch Display 2 (720×1280 at 7",
    /// 210 ppi) 1.5, a 5.5" 1080×1920 panel (401 ppi) 2, a 24" 4K monitor (184 ppi) 1.
    public static func scale(forPixels pixels: (width: Int, height: Int), millimetres: (width: Int, height: Int)) -> Double {
        guard pixels.width > 0, pixels.height > 0, millimetres.width > 0, millimetres.height > 0 else { return 1 }
        let diagonalPixels = Double(pixels.width * pixels.width + pixels.height * pixels.height).squareRoot()
        let diagonalInches = Double(millimetres.width * millimetres.width + millimetres.height * millimetres.height).squareRoot() / 25.4
        // EDIDs of projectors and some TVs carry a nominal or aspect-only size (16x9 mm):
        // below one inch or above 100 inches the size is not believed.
        guard diagonalInches >= 1, diagonalInches <= 100 else { return 1 }
        let ratio = diagonalPixels / diagonalInches / pointsPerInch
        return supported.min { abs($0 - ratio) < abs($1 - ratio) } ?? 1
    }
}
