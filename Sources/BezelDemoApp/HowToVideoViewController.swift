import Bezel
import BezelVideo

/// "How-to video" (the home screen's Help menu): a form sheet with a video tile, as a check-in
/// kiosk shows how to use it. The poster until Play is tapped (nothing decoded before: a
/// screen that is only looked at costs nothing); Play/Pause, Sound on/off and the time
/// played, kept by a periodic time observer. The clip plays to its end and stops there
/// (AVPlayer's `actionAtItemEnd` default, `.pause`); Play starts it again from the start.
@MainActor
public final class HowToVideoViewController: ViewController {
    public let video = VideoView(frame: .zero)
    public let player = Player()
    private let videoPath: String
    public let playButton = Button(configuration: .filled())
    public let soundButton = Button(configuration: .tinted())
    public let timeLabel = Label()
    var onReport: ((String) -> Void)?
    private var observer: TimeObserverToken?
    private var endObserver: NotificationCenter.ObserverToken?
    private var ended = false

    public init(videoPath: String) {
        self.videoPath = videoPath
        super.init()
        localizedTitle = "How-to video"
        modalPresentationStyle = .formSheet
        preferredContentSize = Size(width: 560, height: 400)
    }

    public override func viewDidLoad() {
        view.name = "howToVideo"
        view.backgroundColor = .systemGroupedBackground
        video.name = "howToVideoTile"
        video.player = player
        video.posterImage = DemoResources.image("latte")
        video.cornerRadius = 12
        video.clipsToBounds = true
        video.accessibilityLabel = String(localized: "How-to video")
        playButton.name = "howToPlay"
        soundButton.name = "howToSound"
        playButton.addAction(for: .primaryActionTriggered) { [weak self] _, _ in self?.togglePlay() }
        soundButton.addAction(for: .primaryActionTriggered) { [weak self] _, _ in self?.toggleSound() }
        timeLabel.style = TextStyle(size: 17, color: .secondaryLabel, alignment: .center)
        timeLabel.name = "howToTime"
        for subview in [video, playButton, soundButton, timeLabel] as [View] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        LayoutConstraint.activate([
            video.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
            video.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            video.widthAnchor.constraint(equalToConstant: 448),
            video.heightAnchor.constraint(equalToConstant: 252),
            playButton.topAnchor.constraint(equalTo: video.bottomAnchor, constant: 20),
            playButton.leadingAnchor.constraint(equalTo: video.leadingAnchor),
            soundButton.centerYAnchor.constraint(equalTo: playButton.centerYAnchor),
            soundButton.leadingAnchor.constraint(equalTo: playButton.trailingAnchor, constant: 12),
            timeLabel.centerYAnchor.constraint(equalTo: playButton.centerYAnchor),
            timeLabel.trailingAnchor.constraint(equalTo: video.trailingAnchor),
        ])
        show(time: 0)
        update()
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        observer = player.addPeriodicTimeObserver(forInterval: 0.5) { [weak self] time in self?.show(time: time) }
        // Posted on the notification center of the application the video is shown in.
        endObserver = view.window?.application?.notificationCenter.addObserver(forName: PlayerItem.didPlayToEndTimeNotification) { [weak self] _ in
            self?.ended = true
            self?.onReport?("how-to video ended")
            self?.update()
        }
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        player.pause()
        if let observer { player.removeTimeObserver(observer) }
        if let endObserver { view.window?.application?.notificationCenter.removeObserver(endObserver) }
        observer = nil
        endObserver = nil
    }

    private func togglePlay() {
        if player.rate > 0 {
            player.pause()
        } else {
            // The item is made at the first Play: until then nothing is opened or decoded.
            if player.currentItem == nil { player.replaceCurrentItem(with: PlayerItem(url: videoPath)) }
            if ended {
                ended = false
                player.seek(to: 0)
            }
            player.play()
        }
        onReport?("how-to video \(player.rate > 0 ? "playing" : "paused")")
        update()
    }

    private func toggleSound() {
        player.isMuted.toggle()
        onReport?("how-to video sound \(player.isMuted ? "off" : "on")")
        update()
    }

    private func update() {
        var play = playButton.configuration ?? .filled()
        play.title = player.rate > 0 ? String(localized: "Pause") : String(localized: "Play")
        playButton.configuration = play
        var sound = soundButton.configuration ?? .tinted()
        sound.title = player.isMuted ? String(localized: "Sound on") : String(localized: "Sound off")
        soundButton.configuration = sound
    }

    private func show(time: Double) {
        let seconds = Int(time.rounded(.down))
        timeLabel.text = "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
    }
}
