import CGtk
import Foundation
import Hourglass
import SignUp
import SignUpHTTP

/// The window: a stack of the two pages, its switcher in the header bar, the demo server's code
/// at the bottom. It makes the models on the app's clock, each keeping its cooldown in its own
/// folder of the state directory, and renders a page on each change of its model.
@MainActor
final class AppWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    private let verificationModel: VerificationViewModel
    private let registrationModel: RegistrationViewModel
    private let verificationPage: VerificationControls
    private let registrationPage: RegistrationPage
    /// The models' onChange reach the pages through these; the models keep them weakly.
    private let verificationChanged = ChangeRelay()
    private let registrationChanged = ChangeRelay()
    private var dump: WidgetDump?

    init(application: UnsafeMutablePointer<GtkApplication>, clock: any TimerClock, environment: AppEnvironment) {
        // Before any widget: a right-to-left language lays every box and row out from the right.
        gtk_widget_set_default_direction(environment.language.isRightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        let text = AppText(environment.language)
        let config = VerificationConfig(language: environment.language, region: environment.region)
        let service: any VerificationService =
            environment.service.map { HTTPVerificationService(serverURL: $0, language: environment.language) }
            ?? DemoService(clock: clock)
        verificationModel = VerificationViewModel(
            config: config, clock: clock, service: service,
            store: FileCooldownStore(directory: environment.stateDirectory.appendingPathComponent("verification")),
            onChange: { [weak verificationChanged] _ in verificationChanged?.notify() },
            onAnnouncement: Self.announce, onStoreProblem: Self.storeProblem, onServiceFailure: Self.serviceFailure)
        registrationModel = RegistrationViewModel(
            config: config, clock: clock, service: service,
            store: FileCooldownStore(directory: environment.stateDirectory.appendingPathComponent("registration")),
            onChange: { [weak registrationChanged] _ in registrationChanged?.notify() },
            onAnnouncement: Self.announce, onStoreProblem: Self.storeProblem, onServiceFailure: Self.serviceFailure)
        verificationPage = VerificationControls(name: "verification", model: verificationModel)
        registrationPage = RegistrationPage(model: registrationModel)

        let stack = gtk_stack_new()!
        let gtkStack = signupgtk_stack(stack)
        gtk_stack_set_transition_type(gtkStack, GTK_STACK_TRANSITION_TYPE_NONE)
        // Each page as tall as it needs: the window grows for the registration page.
        gtk_stack_set_vhomogeneous(gtkStack, 0)
        gtk_stack_add_titled(gtkStack, Self.padded(verificationPage.widget), "verification", text.verificationPage)
        gtk_stack_add_titled(gtkStack, Self.padded(registrationPage.widget), "registration", text.registrationPage)
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(signupgtk_stack_switcher(switcher), gtkStack)
        // Named for the test hook, which clicks them: its buttons, one a page, in order.
        var button = gtk_widget_get_first_child(switcher)
        for page in ["verification", "registration"] {
            guard let next = button else { break }
            Gtk.name(next, "switcher." + page)
            button = gtk_widget_get_next_sibling(next)
        }
        let hint = Gtk.label("dim-label")
        gtk_label_set_text(
            signupgtk_label(hint),
            environment.service.map { text.serverHint($0.absoluteString) } ?? text.demoHint(DemoService.code))
        gtk_widget_set_margin_start(hint, 24)
        gtk_widget_set_margin_bottom(hint, 12)
        Gtk.name(hint, "demo-hint")
        let content = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        gtk_widget_set_vexpand(stack, 1)
        Gtk.append(content, stack, hint)

        window = gtk_application_window_new(application)
        let gtkWindow = signupgtk_window(window)
        gtk_window_set_title(gtkWindow, text.windowTitle)
        gtk_window_set_default_size(gtkWindow, 520, -1)
        let header = gtk_header_bar_new()!
        gtk_header_bar_set_title_widget(OpaquePointer(header), switcher)
        gtk_window_set_titlebar(gtkWindow, header)
        gtk_window_set_child(gtkWindow, content)

        verificationChanged.action = { [weak self] in
            guard let self else { return }
            verificationPage.render(verificationModel.screen)
        }
        registrationChanged.action = { [weak self] in
            guard let self else { return }
            registrationPage.render(registrationModel.screen)
        }
        if let file = environment.dumpFile {
            dump = WidgetDump(file: file, window: window, stack: stack, language: environment.language) {
                [verificationModel, registrationModel] in
                (verificationModel.screen, registrationModel.screen)
            }
        }
        // Once GTK has destroyed the widgets (the window closed), a late tick or dump request
        // must not reach them: the models live on until the app's loop ends.
        SignalAction.connect(Gtk.object(window), "destroy") { [weak self] in
            guard let self else { return }
            verificationChanged.action = nil
            registrationChanged.action = nil
            dump?.stop()
        }
    }

    /// Shows the window; with the test hook, writes the first dump.
    func present() {
        gtk_window_present(signupgtk_window(window))
        dump?.start()
    }

    /// A page with margins, as the stack shows it.
    private static func padded(_ page: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        gtk_widget_set_margin_top(page, 18)
        gtk_widget_set_margin_bottom(page, 18)
        gtk_widget_set_margin_start(page, 24)
        gtk_widget_set_margin_end(page, 24)
        return page
    }

    /// Texts for assistive technologies: GTK 4.8 has no announcement API (gtk_accessible_announce
    /// came in 4.14), so they go to standard output, as a log.
    private static let announce: @Sendable (String) -> Void = { text in
        print("announce: \(text)")
    }

    /// A failed call to the server, with its cause (no secret in it), to standard error: the
    /// page shows a network error in its language.
    private static let serviceFailure: @Sendable (ServiceFailure) -> Void = { failure in
        FileHandle.standardError.write(Data("SignUpGTK: \(failure)\n".utf8))
    }

    /// A cooldown that could not be restored or saved: the page says so in its language; the
    /// detail, with the path, goes to standard error.
    private static let storeProblem: @Sendable (CooldownStoreError) -> Void = { error in
        FileHandle.standardError.write(Data("SignUpGTK: cooldown store: \(error)\n".utf8))
    }
}
