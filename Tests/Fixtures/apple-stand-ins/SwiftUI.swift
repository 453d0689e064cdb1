// A stand-in for Apple's SwiftUI module, so that Linux can type-check the SwiftUI code of this package
// (Sources/FlowSwiftUI, Examples/*/Sources) in Swift 6 mode: only the declarations that code uses, each
// copied from the Apple documentation page named above it, attributes included (`@MainActor`,
// `@preconcurrency`, `nonisolated`, `@Sendable`, `@isolated(any)`). Bodies are placeholders: the module is
// type-checked against, never run. It is checked against documented signatures, not compiled with Apple's
// SDK (docs/HOSTING.md, "What the Linux tests check"). Where a page writes `@ContentBuilder` (its newer
// name of the view builder) the alias below stands for it.

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never (SwiftUI: `extension Never: View`)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// What every stand-in view's body is: never evaluated.
public protocol _StandInPrimitive: View where Body == Never {}
extension _StandInPrimitive {
    public var body: Never { fatalError("stand-in") }
}

/// The opaque result of every stand-in modifier.
public struct _StandInModified: _StandInPrimitive {
    nonisolated init() {}
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-(repeat_each_Content)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View { TupleView((repeat each content)) }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
    { _ConditionalContent() }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
    { _ConditionalContent() }
}

/// `@ContentBuilder`, as the newer documentation pages write the view builder.
public typealias ContentBuilder = ViewBuilder

// https://developer.apple.com/documentation/swiftui/tupleview
@frozen public struct TupleView<T>: _StandInPrimitive {
    // https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
    @inlinable nonisolated public init(_ value: T) {}
}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: _StandInPrimitive
where TrueContent: View, FalseContent: View {
    nonisolated init() {}
}

// https://developer.apple.com/documentation/swift/optional (SwiftUI: `extension Optional: View where Wrapped: View`)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/swiftui/emptyview
@frozen public struct EmptyView: _StandInPrimitive {
    // https://developer.apple.com/documentation/swiftui/emptyview/init()
    @inlinable nonisolated public init() {}
}

// https://developer.apple.com/documentation/swiftui/binding
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    // https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set {}
    }
    // https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stand-in")
    }
}

// https://developer.apple.com/documentation/swiftui/visibility
@frozen public enum Visibility: Hashable, CaseIterable {
    case automatic
    case visible
    case hidden
}

// https://developer.apple.com/documentation/swiftui/buttonrole
public struct ButtonRole: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    public static let destructive = ButtonRole()
    // https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    public static let cancel = ButtonRole()
}

// https://developer.apple.com/documentation/swiftui/text
@frozen public struct Text: _StandInPrimitive {
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    nonisolated public init<S>(_ content: S) where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/image
@frozen public struct Image: _StandInPrimitive {
    // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    nonisolated public init(systemName: String) {}
}

// https://developer.apple.com/documentation/swiftui/button
@MainActor @preconcurrency public struct Button<Label>: _StandInPrimitive where Label: View {}

extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
    where S: StringProtocol {}
    // https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)
    @preconcurrency nonisolated public init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void)
    where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/label
@MainActor @preconcurrency public struct Label<Title, Icon>: _StandInPrimitive where Title: View, Icon: View {}

extension Label where Title == Text, Icon == Image {
    // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-4phjn
    nonisolated public init<S>(_ title: S, systemImage name: String) where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/group
@frozen public struct Group<Content>: _StandInPrimitive where Content: View {
    // https://developer.apple.com/documentation/swiftui/group/init(content:)
    @inlinable nonisolated public init(@ViewBuilder content: () -> Content) {}
}

// https://developer.apple.com/documentation/swiftui/hstack
@frozen public struct HStack<Content>: _StandInPrimitive where Content: View {
    // https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    @inlinable nonisolated public init(@ViewBuilder content: () -> Content) {}
}

// https://developer.apple.com/documentation/swiftui/vstack
@frozen public struct VStack<Content>: _StandInPrimitive where Content: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    @inlinable nonisolated public init(@ViewBuilder content: () -> Content) {}
}

// https://developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data, ID, Content>: _StandInPrimitive
where Data: RandomAccessCollection, ID: Hashable, Content: View {
    // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
    nonisolated public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {}
}

// https://developer.apple.com/documentation/swiftui/list
@MainActor @preconcurrency public struct List<SelectionValue, Content>: _StandInPrimitive
where SelectionValue: Hashable, Content: View {}

extension List {
    // https://developer.apple.com/documentation/swiftui/list/init(_:id:rowcontent:)
    nonisolated public init<Data, ID, RowContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
        SelectionValue == Never, Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection,
        ID: Hashable, RowContent: View
    {}
}

// https://developer.apple.com/documentation/swiftui/navigationstack
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: _StandInPrimitive where Root: View {
    // https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable
    {}
}

// https://developer.apple.com/documentation/swiftui/tabview
@MainActor @preconcurrency public struct TabView<SelectionValue, Content>: _StandInPrimitive
where SelectionValue: Hashable, Content: View {
    // https://developer.apple.com/documentation/swiftui/tabview/init(selection:content:)
    nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View { _StandInModified() }

    // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { _StandInModified() }

    // https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
    nonisolated public func sheet<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { _StandInModified() }

    // https://developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:)
    nonisolated public func fullScreenCover<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { _StandInModified() }

    // https://developer.apple.com/documentation/swiftui/view/interactivedismissdisabled(_:)
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { _StandInModified() }

    // https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:actions:)-46zbb
    nonisolated public func confirmationDialog<S, A>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ContentBuilder actions: () -> A
    ) -> some View where S: StringProtocol, A: View { _StandInModified() }

    // https://developer.apple.com/documentation/swiftui/view/tabitem(_:)
    nonisolated public func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View where V: View { _StandInModified() }

    // https://developer.apple.com/documentation/swiftui/view/tag(_:)
    nonisolated public func tag<V>(_ tag: V) -> some View where V: Hashable { _StandInModified() }
}
