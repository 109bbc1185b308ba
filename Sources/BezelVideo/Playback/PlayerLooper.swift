import Bezel

/// Plays an item again and again (AVFoundation's `AVPlayerLooper`): when the last frame has
/// been decoded the player seeks back to the start while that frame is still on screen, so the
/// next pass's first frame follows the last one at the stream's own frame interval (when it
/// decodes within that time). Keep the looper: looping stops when it goes (or at
/// `disableLooping()`).
@MainActor
public final class PlayerLooper {
    public private(set) weak var player: Player?

    /// Loops `templateItem` in `player` (made its current item).
    public init(player: Player, templateItem: PlayerItem) {
        self.player = player
        if player.currentItem !== templateItem { player.replaceCurrentItem(with: templateItem) }
        player.loops = true
    }

    /// Passes completed so far.
    public var loopCount: Int { player?.completedLoops ?? 0 }

    /// The current pass plays to the end, and the item ends there.
    public func disableLooping() { player?.loops = false }

    isolated deinit { player?.loops = false }
}
