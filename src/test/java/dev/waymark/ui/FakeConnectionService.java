package dev.waymark.ui;

import dev.waymark.ui.connection.ConnectionService;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** A bridge for UI tests: a fixed status that tests change, and a launch that only reports progress. */
public final class FakeConnectionService implements ConnectionService {
  public volatile Status status = new Status(true, 17345, null, List.of());
  public final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  public volatile int launches;
  public volatile boolean trustedClicks;
  public volatile dev.waymark.ui.common.LaunchEngine engine = dev.waymark.ui.common.LaunchEngine.CHROMIUM;

  @Override
  public Status status() {
    return status;
  }

  @Override
  public String pairingCode() {
    return "ABCD-EFGH-IJKL-MNOP-QRST";
  }

  @Override
  public void addListener(Runnable changed) {
    listeners.add(changed);
  }

  public void set(Status s) {
    status = s;
    listeners.forEach(Runnable::run);
  }

  @Override
  public void useTrustedClicks(boolean on) {
    trustedClicks = on;
  }

  @Override
  public void useEngine(dev.waymark.ui.common.LaunchEngine chosen) {
    engine = chosen;
  }

  @Override
  public dev.waymark.ui.common.LaunchEngine engine() {
    return engine;
  }

  @Override
  public boolean canLaunch() {
    return true;
  }

  @Override
  public CompletableFuture<Void> launchBrowser(Consumer<String> progress) {
    launches++;
    return CompletableFuture.runAsync(() -> {
      progress.accept("Waiting for the extension to pair…");
      set(new Status(true, 17345, null, List.of(new Browser("c-1", "Chromium 156", "7", "about:blank"))));
    });
  }
}
