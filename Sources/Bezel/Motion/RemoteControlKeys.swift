/// Media keys as remote-control events: Linux's evdev key codes (input-event-codes.h), which
/// media keys on keyboards and IR remotes (the kernel's rc-core keymaps) report. Play, pause,
/// stop, next and previous are sent when pressed; fast-forward and rewind begin seeking when
/// pressed and end it when released (UIKit's seeking events).
enum RemoteControlKeys {
    // linux/input-event-codes.h
    static let nextSong = 163, playPause = 164, previousSong = 165, stopCD = 166, rewind = 168
    static let stop = 128, playCD = 200, pauseCD = 201, play = 207, fastForward = 208

    static let codes: Set<Int> = [nextSong, playPause, previousSong, stopCD, rewind, stop, playCD, pauseCD, play, fastForward]

    static func isMediaKey(_ key: Press.Key) -> Bool { codes.contains(key.code) }

    /// The event a media key's press (`isDown`) or release sends; nil for other keys and for
    /// releases that send nothing. Key repeat of a held key sends nothing more.
    static func subtype(for key: Press.Key, isDown: Bool) -> MotionEvent.Subtype? {
        switch (key.code, isDown) {
        case (playPause, true): .remoteControlTogglePlayPause
        case (play, true), (playCD, true): .remoteControlPlay
        case (pauseCD, true): .remoteControlPause
        case (stop, true), (stopCD, true): .remoteControlStop
        case (nextSong, true): .remoteControlNextTrack
        case (previousSong, true): .remoteControlPreviousTrack
        case (fastForward, true): .remoteControlBeginSeekingForward
        case (fastForward, false): .remoteControlEndSeekingForward
        case (rewind, true): .remoteControlBeginSeekingBackward
        case (rewind, false): .remoteControlEndSeekingBackward
        default: nil
        }
    }
}
