// The README's code samples, each inside a function that supplies the names it leaves to the
// reader (a card, a panel, a model...), so that CI compiles them as they are written there.
// `ReadmeSampleTests` in Bezel's own tests checks that every Swift block of the README is
// here, line for line: a sample that stops compiling fails CI.
import Bezel
import BezelCairo
import BezelVideo
import Observation

// MARK: Writing an app

@MainActor func buildUI(_ app: Application) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    let button = Button(frame: Rect(x: 16, y: 76, width: 120, height: 80))
    button.title = "Start"
    button.addAction(for: .touchUpInside) { _, _ in print("start!") }
    window.addSubview(button)

    let doubleTap = TapGestureRecognizer { _ in print("double tap") }
    doubleTap.numberOfTapsRequired = 2
    window.addGestureRecognizer(doubleTap)
    window.makeKeyAndVisible()
}

// MARK: Models

enum ObservingSample {
    @Observable final class Order { var cups = 0 }

    @MainActor static func run(orderLabel: Label) {
        let order = Order()
orderLabel.observe { label in label.text = "\(order.cups) cups" }
    }
}

// MARK: Animation

@MainActor func animationSample(card: View, panel: View, home: Point) {
// The model is set at once (card.frame reads the end value, hit-testing uses it); the
// screen moves there on display-link frames (page flips on a panel).
View.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: {
    card.center = Point(x: 400, y: 240)
    card.alpha = 1
}, completion: { finished in print(finished ? "arrived" : "interrupted") })

// A spring, thrown with the finger's speed (distances per second, UIKit's unit).
View.animate(withDuration: 0.6, usingSpringWithDamping: 0.55, initialSpringVelocity: 3, animations: {
    card.center = home
})

// Interruptible: scrub with a pan, then finish or turn back.
let drawer = ViewPropertyAnimator(duration: 0.5, curve: .easeInOut) { panel.frame.origin.y = 40 }
drawer.pauseAnimation()
drawer.fractionComplete = 0.4            // from a pan's translation
drawer.isReversed = true
drawer.continueAnimation(withTimingParameters: nil, durationFactor: 1)
}

// MARK: Presentation

final class StaffViewController: ViewController {}
func charge() {}
func openStaff() {}

@MainActor final class PresentationSample: ViewController, TabBarControllerDelegate {
    let menu = ViewController(), orders = ViewController(), navigation = NavigationController(rootViewController: ViewController())
    let menuIcon: Image? = nil

    func run() {
let alert = AlertController(title: "Pay 4.50?", message: "Your card will be charged.", preferredStyle: .alert)
alert.addAction(AlertAction(title: "Cancel", style: .cancel))
alert.addAction(AlertAction(title: "Pay", style: .default) { _ in charge() })   // runs after the dismissal
present(alert, animated: true)

let sheet = StaffViewController()
sheet.modalPresentationStyle = .formSheet        // .fullScreen (default), .overFullScreen, .formSheet
present(sheet, animated: true) { print("shown") }
// ... later, from either controller:
dismiss(animated: true)

let tabs = TabBarController()
menu.tabBarItem = TabBarItem(title: "Menu", image: menuIcon)
orders.tabBarItem.badgeValue = "3"
tabs.setViewControllers([NavigationController(rootViewController: menu), orders])
tabs.delegate = self                              // tabBarController(_:shouldSelect:)

menu.navigationItem.rightBarButtonItem = BarButtonItem(title: "Order", style: .done, target: self, action: Selector("order"))
menu.navigationItem.leftBarButtonItem = BarButtonItem(title: "Staff") { _ in openStaff() }
navigation.navigationBar.barTintColor = Color(rgb: 0x1B2631)
    }
}

// MARK: Navigation

func saveDraft() {}

@MainActor final class NavigationSample: ViewController, NavigationControllerDelegate {
    let menu = ViewController(), basket = ViewController(), navigation = NavigationController(rootViewController: ViewController())

    func run() {
navigation.popToViewController(menu, animated: true)          // the ones above it, in one slide
navigation.setViewControllers([menu, basket], animated: true)  // a push or a pop, as the new top says
navigation.delegate = self                                     // navigationController(_:willShow:animated:), didShow
menu.navigationItem.backBarButtonItem = BarButtonItem(title: "Menu", target: nil, action: nil)
    }

override func viewWillDisappear(_ animated: Bool) {
    if isMovingFromParent { saveDraft() }                      // popped, not covered
}
}

// MARK: Pickers

@MainActor final class PickerSample: ViewController, PickerViewDataSource, PickerViewDelegate {
    func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 3 }

    func run() {
let picker = PickerView(frame: Rect(x: 200, y: 132, width: 400, height: 216))
picker.dataSource = self       // numberOfComponents(in:), pickerView(_:numberOfRowsInComponent:)
picker.delegate = self         // titleForRow, didSelectRow, widthForComponent, rowHeightForComponent
picker.selectRow(2, inComponent: 0, animated: false)
        view.addSubview(picker)
    }
}

// MARK: Button configurations, menus, pages

func startPayment() {}
func sortByName() {}
func sortByPrice() {}
func sortByDate() {}
func callStaff() {}
func cancelOrder() {}
@MainActor var paymentIsRunning = false

@MainActor func buttonConfigurationSample() -> Button {
var pay = Button.Configuration.filled()
pay.title = "Pay"
pay.subtitle = "Card or phone"
pay.image = Image(named: "card")
pay.imagePadding = 8
pay.buttonSize = .large
pay.cornerStyle = .capsule
let payButton = Button(configuration: pay, primaryAction: Action(title: "Pay") { _ in startPayment() })
payButton.configurationUpdateHandler = { button in
    button.configuration?.showsActivityIndicator = paymentIsRunning
}
    return payButton
}

@MainActor final class MenuSample: ViewController {
    func run() {
let sort = Button(configuration: .gray())
sort.menu = Menu(title: "Sort by", options: .singleSelection, children: [
    Action(title: "Name", state: .on) { _ in sortByName() },
    Action(title: "Price") { _ in sortByPrice() },
    Menu(title: "More", children: [Action(title: "Newest") { _ in sortByDate() }]),
])
sort.showsMenuAsPrimaryAction = true
sort.changesSelectionAsPrimaryAction = true
navigationItem.rightBarButtonItem = BarButtonItem(image: Image(named: "more"), menu: Menu(children: [
    Action(title: "Call staff", image: Image(named: "bell")) { _ in callStaff() },
    Action(title: "Cancel order", attributes: .destructive) { _ in cancelOrder() },
]))
        view.addSubview(sort)
    }
}

/// Slides for the README's slideshow sample: a fixed list of pages.
@MainActor final class Slides: PageViewControllerDataSource {
    let pages = [ViewController(), ViewController()]
    var first: ViewController { pages[0] }
    func after(_ page: ViewController?) -> ViewController? {
        guard let index = pages.firstIndex(where: { $0 === page }) else { return nil }
        return pages[(index + 1) % pages.count]
    }
    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController? { nil }
    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController? {
        after(viewController)
    }
}

@MainActor func slideshowSample(slides: Slides) -> PageViewController {
let slideshow = PageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
slideshow.dataSource = slides   // viewControllerBefore/After, presentationCount, presentationIndex
slideshow.setViewControllers([slides.first], direction: .forward, animated: false)
Timer.scheduledTimer(withTimeInterval: 6, repeats: true) { _ in
    if let next = slides.after(slideshow.viewControllers?.first) {
        slideshow.setViewControllers([next], direction: .forward, animated: true)
    }
}
    return slideshow
}

// MARK: Date pickers

@MainActor final class PickUpOrder { var pickUp = 0.0 }

@MainActor func datePickerSample(order: PickUpOrder) -> DatePicker {
let pickUp = DatePicker()
pickUp.datePickerMode = .dateAndTime
pickUp.preferredDatePickerStyle = .inline
pickUp.minuteInterval = 15
pickUp.minimumDate = DatePicker.now()
pickUp.maximumDate = DatePicker.now() + 7 * 86400
pickUp.addAction(for: .valueChanged) { _, _ in
    order.pickUp = pickUp.date                    // seconds since 1970
}
    return pickUp
}

// MARK: Text input

final class PINScreen: ViewController, TextFieldDelegate {
    let pin = TextField(frame: Rect(x: 180, y: 140, width: 420, height: 44))

    override func viewDidLoad() {
        pin.borderStyle = .roundedRect
        pin.placeholder = "4 digits"
        pin.keyboardType = .numberPad          // the on-screen number pad
        pin.isSecureTextEntry = true           // bullets; the last digit shows for 1 s
        pin.clearButtonMode = .whileEditing
        pin.delegate = self
        pin.addAction(for: .editingChanged) { [unowned self] _, _ in print(pin.text ?? "") }
        view.addSubview(pin)
    }

    // A veto or a rewrite, as in UIKit: digits only, at most four.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                   replacementString string: String) -> Bool {
        var result = textField.text ?? ""
        result.replaceSubrange(range, with: string)
        return string.allSatisfy(\.isNumber) && result.count <= 4
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.resignFirstResponder()       // Done hides the keyboard
        return false
    }
}

// MARK: Drawing

final class BrewRing: View {
    var progress = 0.4 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        let ring = BezierPath(arcCenter: Point(x: 60, y: 60), radius: 44,
                              startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
        ring.lineWidth = 12
        ring.lineCapStyle = .round
        ring.stroke(Color(rgb: 0xF39C12), in: context)

        var card = Path()
        card.addRoundedRect(Rect(x: 130, y: 10, width: 100, height: 100), cornerRadius: 12)
        context.drawShadow(of: card, shadow: Shadow(color: Color.black.withAlpha(0.3), offset: Size(width: 0, height: 4), blurRadius: 12))
        context.saveState()
        context.clip(to: card, rule: .winding)
        context.drawLinearGradient(Gradient(colors: [.white, Color(rgb: 0x2E86DE)]), start: Point(x: 130, y: 10),
                                   end: Point(x: 230, y: 110), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        context.restoreState()
    }
}

// MARK: Appearance

@MainActor func appearanceSample(label: Label, window: Window, application: Application) {
let card = Color(light: .white, dark: Color(rgb: 0x2C2C2E))
let ink = Color { traits in traits.userInterfaceStyle == .dark ? .white : .black }
label.style.color = .secondaryLabel          // UIKit's system colours, both styles
window.overrideUserInterfaceStyle = .dark    // an in-app theme switch (or on a view or a controller)
application.userInterfaceStyle = .dark       // the system's setting: windows without an override follow
    _ = (card, ink)
}

// MARK: Resources

@MainActor func resourcesSample(label: Label, iconPath: String) throws {
let logo = Image(named: "logo")                 // Images/logo.png, .jpg, .jpeg or .svg
let photo = Image(contentsOfFile: "/srv/menu/latte.jpg")
let icon = try ImageLoader.load(path: iconPath, size: Size(width: 96, height: 96))   // an SVG drawn at 96 px
label.style.family = "Coffee Serif"             // a font from the app's Fonts/
    _ = (logo, photo, icon)
}

// MARK: Lists

final class OrdersViewController: ViewController, TableViewDataSource, TableViewDelegate {
    var orders = (1...2_000).map { "Order \($0)" }
    let table = TableView(frame: .zero, style: .plain)

    override func viewDidLoad() {
        table.frame = view.bounds
        table.register(TableViewCell.self, forCellReuseIdentifier: "order")
        table.delegate = self
        table.dataSource = self
        view.addSubview(table)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { orders.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "order", for: indexPath)
        cell.textLabel.text = orders[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }

    // Swipe left to delete: say the data source deletes, then change the model and the table together.
    var supportsSwipeToDelete: Bool { true }
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        orders.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }
}

@MainActor func collectionSample(view: View, menu source: any CollectionViewDataSource) {
// A tile menu: three equal columns of 120 pt tall tiles, 12 pt apart.
let tiles = CollectionView(frame: view.bounds, collectionViewLayout: .grid(columns: 3, itemHeight: 120, spacing: 12))
tiles.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
tiles.dataSource = source
}

@MainActor func localizationSample(application: Application, buyButton: Button, stopField: TextField, title: Label,
                                   count: Int, price: Double, stops: [String], query: String) {
// Strings from Localizable.xcstrings (or de.lproj/Localizable.strings) in the app's folder.
title.text = String(localized: "\(count) tickets")          // the key "%lld tickets", plural by CLDR's rules
buyButton.localizedTitle = "Buy"                             // a key: resolved again on every switch
stopField.localizedPlaceholder = "Search stops"
let total = price.formatted(.currency(code: "EUR"))         // "€9.50", "9,50 €", "٩٫٥٠ €"
let found = stops.filter { $0.localizedStandardContains(query) }   // "zurich" finds "Zürich"
application.preferredLanguages = ["de-CH"]                  // the customer's choice: every screen switches live
_ = (total, found)
}

@MainActor func accessibilitySample(application: Application, payButton: Button, fare: Label, map: View) {
// Every built-in view answers already (a button its title, a slider "50%", adjustable);
// say what only the app knows.
payButton.accessibilityHint = "Pays with the card in the reader"
fare.accessibilityTraits = [.staticText, .header]
map.isAccessibilityElement = true                      // a drawn map read as one element
map.accessibilityLabel = "Network map, zones 1 to 3"
Accessibility.post(notification: .announcement, argument: "Ticket printed")
application.isSpokenModeRunning = true                 // or the runtime's spoken_mode=on
}

// MARK: Video (issue 35)

@MainActor func videoSample() -> (VideoView, PlayerLooper) {
    let player = Player(url: "/srv/kiosk/attract.webm")      // a path, file://, http(s):// or rtsp://
    let looper = PlayerLooper(player: player, templateItem: player.currentItem!)
    let video = VideoView(frame: Rect(x: 0, y: 0, width: 800, height: 450))
    video.player = player
    video.videoGravity = .resizeAspectFill
    video.posterImage = Image(named: "attract-poster")      // until the first frame, and if the file fails
    player.isMuted = true
    player.play()
    return (video, looper)
}

// A camera's frames on a display plane without a copy (issue 35, DMA-BUF import).
@MainActor func cameraSample() -> VideoView {
    let item = PlayerItem(url: "v4l2:///dev/video0")
    item.preferredMaximumResolution = Size(width: 640, height: 480)   // the capture size, at most
    let camera = VideoView(frame: Rect(x: 80, y: 60, width: 640, height: 480))
    camera.videoGravity = .resize        // shown 1:1: a plane that cannot scale shows its buffer as it is
    camera.player = Player(playerItem: item)
    camera.player?.play()
    return camera
}
