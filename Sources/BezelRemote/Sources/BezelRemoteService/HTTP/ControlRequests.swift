import Bezel
import Hummingbird

/// A touch request's body, checked before anything reaches the app: an event or
/// `{"events":[…]}`, each `{"finger":0-9,"phase":"down|move|up|cancel","x":…,"y":…}`. Only the
/// known fields travel on (rebuilt, so nothing else a client sent does); the app checks the
/// values again against its panel (a finger off the panel, a finger not down).
enum TouchRequest {
    static func events(in body: JSONValue, limit: Int) throws -> [JSONValue] {
        let items: [JSONValue]
        if let events = body["events"] {
            guard let list = events.arrayValue else { throw HTTPError(.badRequest, message: "\"events\" must be an array") }
            items = list
        } else {
            items = [body]
        }
        guard !items.isEmpty, items.count <= limit else {
            throw HTTPError(.badRequest, message: "a touch request has 1 to \(limit) events")
        }
        return try items.enumerated().map { index, item in try event(item, index: index) }
    }

    static func event(_ item: JSONValue, index: Int = 0) throws -> JSONValue {
        guard item.members != nil else { throw HTTPError(.badRequest, message: "event \(index): an object") }
        guard let finger = item["finger"]?.numberValue, finger == finger.rounded(), (0...9).contains(finger) else {
            throw HTTPError(.badRequest, message: "event \(index): \"finger\" must be a whole number from 0 to 9")
        }
        guard let phase = item["phase"]?.stringValue, ["down", "move", "up", "cancel"].contains(phase) else {
            throw HTTPError(.badRequest, message: "event \(index): \"phase\" must be down, move, up or cancel")
        }
        var members: [(String, JSONValue)] = [("op", .string("touch")), ("finger", .number(finger)), ("phase", .string(phase))]
        for name in ["x", "y"] {
            guard let value = item[name] else { continue }
            guard let number = value.numberValue, number.isFinite else {
                throw HTTPError(.badRequest, message: "event \(index): \"\(name)\" must be a number of points")
            }
            members.append((name, .number(number)))
        }
        return .object(members)
    }
}

/// A key request's body: `{"code":1-767,"characters":"…"}` pressed and released, or with
/// `"down":true|false` one edge; the app checks the values again.
enum KeyRequest {
    static func presses(in body: JSONValue) throws -> [JSONValue] {
        guard let code = body["code"]?.numberValue, code == code.rounded(), (1...Double(RemoteRequest.highestKeyCode)).contains(code) else {
            throw HTTPError(.badRequest, message: "\"code\" must be an evdev key code from 1 to \(RemoteRequest.highestKeyCode)")
        }
        var characters = ""
        if let value = body["characters"] {
            guard let text = value.stringValue, text.unicodeScalars.count <= RemoteRequest.longestKeyCharacters else {
                throw HTTPError(.badRequest, message: "\"characters\" must be a string of at most \(RemoteRequest.longestKeyCharacters) characters")
            }
            characters = text
        }
        func press(_ down: Bool) -> JSONValue {
            .object([("op", .string("key")), ("code", .number(code)), ("down", .bool(down)), ("characters", .string(characters))])
        }
        switch body["down"] {
        case nil: return [press(true), press(false)]
        case .bool(let down)?: return [press(down)]
        default: throw HTTPError(.badRequest, message: "\"down\" must be true or false")
        }
    }
}
