/// A weak reference as a value, to keep in a ``Locked``: `Sendable` when its object is.
struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }
}

extension WeakReference: Sendable where Object: Sendable {}
