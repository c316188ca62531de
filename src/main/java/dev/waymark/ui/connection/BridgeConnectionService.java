package dev.waymark.ui.connection;

import dev.waymark.ui.common.LaunchEngine;
import dev.waymark.bridge.BridgeListener;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.BrowserEvent;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.bridge.LaunchedBrowser;
import dev.waymark.firefox.FirefoxLauncher;
import dev.waymark.firefox.FirefoxLocator;
import dev.waymark.session.PersonAction;
import dev.waymark.workflow.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The connection panel over the real bridge: paired clients, their task tab as events report it, launching Chromium or Firefox. */
public final class BridgeConnectionService implements ConnectionService, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BridgeConnectionService.class);

  private final BrowserClient client;
  private final String startError;
  private final ChromiumLauncher.Options launchOptions;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  private final Map<String, String[]> tabs = new ConcurrentHashMap<>();
  private final List<LaunchedBrowser> launched = new CopyOnWriteArrayList<>();
  private final List<Consumer<PersonAction>> actionListeners = new CopyOnWriteArrayList<>();
  private volatile LaunchEngine engine = LaunchEngine.CHROMIUM;

  /** {@code client} null means the server could not start; {@code startError} says why. */
  public BridgeConnectionService(BrowserClient client, String startError, ChromiumLauncher.Options launchOptions) {
    this.client = client;
    this.startError = startError;
    this.launchOptions = launchOptions == null ? ChromiumLauncher.Options.defaults() : launchOptions;
    if (client != null) {
      client.addListener(new BridgeListener() {
        @Override
        public void connected(ClientInfo c) {
          fire();
          refreshTabs();
        }

        @Override
        public void disconnected(ClientInfo c, int code, String reason, boolean replaced) {
          if (!replaced) tabs.remove(c.clientId());
          fire();
        }

        @Override
        public void event(ClientInfo c, BrowserEvent e) {
          if ("user_action".equals(e.event())) {
            PersonAction a = dev.waymark.session.RecordedActions.fromEvent(e);
            actionListeners.forEach(l -> l.accept(a));
            return;
          }
          // A tab of the person's off the task comes without its address (decision 0027): nothing to show.
          if (("tab_changed".equals(e.event()) || "tab_opened".equals(e.event())) && e.text("url") != null) {
            tabs.put(c.clientId(), new String[] {e.text("tab"), e.text("url")});
            fire();
          }
        }
      });
    }
  }

  @Override
  public void useTrustedClicks(boolean on) {
    if (client != null) client.useTrustedClicks(on);
  }

  @Override
  public CompletableFuture<Boolean> record(boolean on, String salt, java.util.Map<String, String> digests) {
    if (client == null) return CompletableFuture.failedFuture(new IllegalStateException(startError));
    return client.record(on, salt, digests);
  }

  @Override
  public void onPersonAction(Consumer<PersonAction> action) {
    actionListeners.add(action);
  }

  @Override
  public void pageChanged() {
    refreshTabs();
  }

  /** Asks the current browser for its task tab; the answer arrives on the bridge's thread. */
  private void refreshTabs() {
    if (client == null) return;
    client.client().ifPresent(c -> client.tabs().whenComplete((list, e) -> {
      if (e != null || list == null) return;
      list.stream().filter(t -> t.task()).findFirst().or(() -> list.stream().filter(t -> t.active()).findFirst())
          .ifPresent(t -> {
            tabs.put(c.clientId(), new String[] {String.valueOf(t.id()), t.url()});
            fire();
          });
    }));
  }

  private void fire() {
    listeners.forEach(Runnable::run);
  }

  @Override
  public Status status() {
    if (client == null) return new Status(false, 0, startError, List.of());
    List<Browser> out = new ArrayList<>();
    for (ClientInfo c : client.server().clients()) {
      String[] tab = tabs.getOrDefault(c.clientId(), new String[] {null, null});
      out.add(new Browser(c.clientId(), c.browser(), tab[0], tab[1]));
    }
    return new Status(true, client.port(), null, out);
  }

  @Override
  public String pairingCode() {
    return client == null ? "" : client.pairingCode();
  }

  @Override
  public void addListener(Runnable changed) {
    listeners.add(changed);
  }

  @Override
  public void useEngine(LaunchEngine chosen) {
    engine = chosen == null ? LaunchEngine.CHROMIUM : chosen;
    fire();
  }

  @Override
  public LaunchEngine engine() {
    return engine;
  }

  @Override
  public boolean canLaunch() {
    if (client == null) return false;
    return engine == LaunchEngine.FIREFOX ? FirefoxLocator.system().find(null).isPresent()
        : ChromiumLauncher.findChromium(launchOptions.chromium()).isPresent();
  }

  @Override
  public CompletableFuture<Void> launchBrowser(Consumer<String> progress) {
    if (client == null) return CompletableFuture.failedFuture(new IllegalStateException(startError));
    return CompletableFuture.runAsync(() -> {
      LaunchEngine which = engine;
      try {
        progress.accept(which == LaunchEngine.FIREFOX ? "Starting Firefox with the add-on…" : "Starting Chromium with the extension…");
        LaunchedBrowser b = which == LaunchEngine.FIREFOX ? FirefoxLauncher.launch(client, null, launchOptions.headless())
            : ChromiumLauncher.launch(client, launchOptions);
        launched.add(b);
        progress.accept("Waiting for the extension to pair…");
        client.awaitConnected().get(30, TimeUnit.SECONDS);
        progress.accept("Connected");
      } catch (java.util.concurrent.TimeoutException e) {
        throw new IllegalStateException("the browser started but its extension did not pair within 30 s", e);
      } catch (Exception e) {
        LOG.warn("launching {} failed", which.label(), e);
        throw new IllegalStateException(e.getMessage(), e);
      }
    }, r -> {
      Thread t = new Thread(r, "waymark-launch");
      t.setDaemon(true);
      t.start();
    });
  }

  /** Closes the browsers this studio launched; the person's own browsers are left alone. */
  @Override
  public void close() {
    for (LaunchedBrowser b : launched) {
      try {
        b.close();
      } catch (RuntimeException e) {
        LOG.warn("closing a launched browser failed", e);
      }
    }
  }
}
