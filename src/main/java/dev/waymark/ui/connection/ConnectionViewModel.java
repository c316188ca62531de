package dev.waymark.ui.connection;

import dev.waymark.ui.common.Problems;
import java.util.function.Consumer;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The connection panel's state, refreshed through the UI executor whenever the bridge reports a change. */
public final class ConnectionViewModel {
  private final ConnectionService service;
  private final Executor ui;
  private final Consumer<String> problems;
  private final StringProperty status = new SimpleStringProperty("");
  private final BooleanProperty running = new SimpleBooleanProperty();
  private final BooleanProperty connected = new SimpleBooleanProperty();
  private final ObservableList<ConnectionService.Browser> browsers = FXCollections.observableArrayList();
  private final StringProperty pairingCode = new SimpleStringProperty("");
  private final BooleanProperty launching = new SimpleBooleanProperty();
  private final StringProperty launchProgress = new SimpleStringProperty("");
  private final BooleanProperty canLaunch = new SimpleBooleanProperty();
  private final StringProperty taskPage = new SimpleStringProperty("");
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

  public StringProperty taskPageProperty() { return taskPage; }
  public BooleanProperty trustedClicksProperty() { return trustedClicks; }
  public StringProperty statusProperty() { return status; }
  public BooleanProperty runningProperty() { return running; }
  public BooleanProperty connectedProperty() { return connected; }
  public ObservableList<ConnectionService.Browser> browsers() { return browsers; }
  public StringProperty pairingCodeProperty() { return pairingCode; }
  public BooleanProperty launchingProperty() { return launching; }
  public StringProperty launchProgressProperty() { return launchProgress; }
  public BooleanProperty canLaunchProperty() { return canLaunch; }
}
