#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ScrollView {
    /// The pan's actions: follow the finger, resist past the edges, then fling, page or bounce back.
    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopAnimation()
            isDragging = true
            lockedAxis = nil
            delegate?.scrollViewWillBeginDragging(self)
            // The pan began after 10 pt of travel: start from here rather than jump by them.
            pan.setTranslation(.zero, in: self)
            dragStartOffset = contentOffset
        case .changed:
            let t = pan.translation(in: self)
            if isDirectionalLockEnabled, lockedAxis == nil {
                // Locked once one axis clearly dominates (twice the other), UIKit-like.
                if abs(t.x) > 2 * abs(t.y) { lockedAxis = .horizontal } else if abs(t.y) > 2 * abs(t.x) { lockedAxis = .vertical }
            }
            var target = Point(x: dragStartOffset.x - t.x, y: dragStartOffset.y - t.y)
            if lockedAxis == .horizontal || !canScrollVertically { target.y = dragStartOffset.y }
            if lockedAxis == .vertical || !canScrollHorizontally { target.x = dragStartOffset.x }
            applyOffset(pixelAligned(resisted(target)))
        case .ended:
            isDragging = false
            endDrag(velocity: pan.velocity(in: self))
        case .cancelled, .failed:
            isDragging = false
            endDrag(velocity: .zero)
        case .possible:
            break
        }
    }

    /// Past the edges the content follows the finger with rubber-band resistance (or not at
    /// all without `bounces`).
    private func resisted(_ offset: Point) -> Point {
        let lo = minimumContentOffset, hi = maximumContentOffset
        func axis(_ value: Double, _ low: Double, _ high: Double, _ dimension: Double, _ canBounce: Bool) -> Double {
            if value < low { return canBounce ? low + RubberBand.offset(value - low, dimension: dimension) : low }
            if value > high { return canBounce ? high + RubberBand.offset(value - high, dimension: dimension) : high }
            return value
        }
        return Point(x: axis(offset.x, lo.x, hi.x, bounds.width, bounces && canScrollHorizontally),
                     y: axis(offset.y, lo.y, hi.y, bounds.height, bounces && canScrollVertically))
    }

    /// The finger lifted with `velocity` (finger motion, points per second).
    private func endDrag(velocity fingerVelocity: Point) {
        // A refresh that started keeps its room before the resting place is chosen.
        refreshControl?.scrollViewWillEndDragging(self)
        // Content moves against the finger.
        var velocity = Point(x: -fingerVelocity.x, y: -fingerVelocity.y)
        if !canScrollHorizontally || lockedAxis == .vertical { velocity.x = 0 }
        if !canScrollVertically || lockedAxis == .horizontal { velocity.y = 0 }
        var target = restingOffset(for: velocity)
        delegate?.scrollViewWillEndDragging(self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        // Where it comes to rest is on whole pixels too (UIKit's target offsets are).
        target = clamped(pixelAligned(target))
        let willDecelerate = target.distance(to: contentOffset) >= Self.restingDistance
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        guard willDecelerate else {
            applyOffset(target)
            return
        }
        let overscrolled = clamped(contentOffset) != contentOffset
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        // Content left past an edge springs back, and pages snap, faster than a fling decelerates.
        let springs = isPagingEnabled || (overscrolled && target == clamped(contentOffset))
        decelerate(to: target, rate: springs ? Self.bounceBackRate : decelerationRate)
    }

    /// Where content flung at `velocity` (points per second) comes to rest: with the velocity
    /// multiplied by `rate` every millisecond, it travels v / (1000 · ln(1/rate)) points
    /// (0.4995 s × v at UIKit's normal rate); paging picks the page in the fling's direction.
    func restingOffset(for velocity: Point) -> Point {
        let current = contentOffset
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if isPagingEnabled {
            return Point(x: pageOffset(current.x, velocity.x, page: bounds.width, minimum: minimumContentOffset.x),
                         y: pageOffset(current.y, velocity.y, page: bounds.height, minimum: minimumContentOffset.y))
        }
        guard speed >= Self.minimumFlingSpeed else { return clamped(current) }
        let travel = 1 / (1000 * -log(decelerationRate))
        return clamped(Point(x: current.x + velocity.x * travel, y: current.y + velocity.y * travel))
    }

    /// The page to settle on: the next one in the direction of a fling, else the nearest.
    private func pageOffset(_ offset: Double, _ velocity: Double, page: Double, minimum: Double) -> Double {
        guard page > 0 else { return offset }
        let position = (offset - minimum) / page
        let index: Double
        if velocity > Self.minimumFlingSpeed {
            index = position.rounded(.down) + 1
        } else if velocity < -Self.minimumFlingSpeed {
            index = position.rounded(.up) - 1
        } else {
            index = position.rounded()
        }
        return minimum + index * page
    }
}
