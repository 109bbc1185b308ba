import CDRM

/// The KMS properties of one object (connector, CRTC, plane) by name: atomic commits set
/// properties by id, and ids differ between drivers and boots.
struct DRMProperties {
    private(set) var ids: [String: UInt32] = [:]
    private(set) var values: [String: UInt64] = [:]

    init(fd: Int32, objectID: UInt32, type: UInt32) {
        guard let list = drmModeObjectGetProperties(fd, objectID, type) else { return }
        defer { drmModeFreeObjectProperties(list) }
        for i in 0..<Int(list.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, list.pointee.props[i]) else { continue }
            let name = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            ids[name] = property.pointee.prop_id
            values[name] = list.pointee.prop_values[i]
            drmModeFreeProperty(property)
        }
    }

    /// The id of each of `names`, or the first one missing.
    func require(_ names: [String]) -> Result<[String: UInt32], MissingProperty> {
        var found: [String: UInt32] = [:]
        for name in names {
            guard let id = ids[name] else { return .failure(MissingProperty(name: name)) }
            found[name] = id
        }
        return .success(found)
    }

    struct MissingProperty: Error { let name: String }
}
