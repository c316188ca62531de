package dev.waymark.ui.connection;

import dev.waymark.ui.common.Problems;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The connection panel's state, refreshed through the UI executor whenever the bridge reports a change. */
public final class ConnectionViewModel {
  private final ConnectionService service;
  private final Executor ui;
  private final Consumer<String> problems;
  private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
  private final ReadOnlyBooleanWrapper connected = new ReadOnlyBooleanWrapper();
  private final ObservableList<ConnectionService.Browser> browsers = FXCollections.observableArrayList();
  private final ObservableList<ConnectionService.Browser> browsersView = FXCollections.unmodifiableObservableList(browsers);
  private final ReadOnlyStringWrapper pairingCode = new ReadOnlyStringWrapper("");
  private final ReadOnlyBooleanWrapper launching = new ReadOnlyBooleanWrapper();
  private final ReadOnlyStringWrapper launchProgress = new ReadOnlyStringWrapper("");
  private final ReadOnlyBooleanWrapper canLaunch = new ReadOnlyBooleanWrapper();
  private final ReadOnlyStringWrapper taskPage = new ReadOnlyStringWrapper("");
  private final BooleanProperty trustedClicks = new SimpleBooleanProperty();
  private long observed = -1;

  public ConnectionViewModel(ConnectionService service, Executor ui, Consumer<String> problems) {
    this.service = service;
    this.ui = ui;
    this.problems = problems;
    service.addListener(() -> ui.execute(this::refresh));
    trustedClicks.addListener((o, a, on) -> service.useTrustedClicks(on));
    refresh();
  }

  public void refresh() {
    ConnectionService.Status s = service.status();
    running.set(s.running());
    connected.set(!s.browsers().isEmpty());
    status.set(!s.running() ? "Server not running: " + (s.error() == null ? "unknown reason" : s.error())
        : s.browsers().isEmpty() ? "Listening on 127.0.0.1:" + s.port() + " — no browser connected"
        : "Listening on 127.0.0.1:" + s.port() + " — " + s.browsers().size() + (s.browsers().size() == 1 ? " browser" : " browsers"));
    browsers.setAll(s.browsers());
    pairingCode.set(service.pairingCode() == null ? "" : service.pairingCode());
    canLaunch.set(service.canLaunch());
  }

  public void launch() {
    if (launching.get()) return;
    launching.set(true);
    launchProgress.set("Starting the browser…");
    service.launchBrowser(p -> ui.execute(() -> launchProgress.set(p))).whenComplete((v, e) -> ui.execute(() -> {
      launching.set(false);
      if (e != null) {
        launchProgress.set("");
        problems.accept("The browser could not be started: " + Problems.describe(e)
            + " Install Chromium, or open Chrome yourself and load the extension from the folder shown in the README.");
      } else {
        launchProgress.set("Browser started");
      }
      refresh();
    }));
  }

  /** The page the session last observed, so the person sees which tab the studio works in. */
  public void accept(dev.waymark.session.SessionSnapshot s) {
    if (s.observationSerial() != observed) {
      observed = s.observationSerial();
      service.pageChanged();
    }
    var o = s.observation();
    taskPage.set(o == null ? "" : "Working in: " + (o.title() == null || o.title().isBlank() ? "" : o.title() + " — ") + o.url());
  }

  public ReadOnlyStringProperty taskPageProperty() { return taskPage.getReadOnlyProperty(); }
  /** Writable: the check box is bound to it both ways; a change switches the bridge. */
  public BooleanProperty trustedClicksInputProperty() { return trustedClicks; }
  public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty connectedProperty() { return connected.getReadOnlyProperty(); }
  /** The paired browsers, read-only: the bridge's reports change them. */
  public ObservableList<ConnectionService.Browser> browsers() { return browsersView; }
  public ReadOnlyStringProperty pairingCodeProperty() { return pairingCode.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty launchingProperty() { return launching.getReadOnlyProperty(); }
  public ReadOnlyStringProperty launchProgressProperty() { return launchProgress.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty canLaunchProperty() { return canLaunch.getReadOnlyProperty(); }
}
