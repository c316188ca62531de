package dev.waymark.ui.observation;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * Times a change to a scene as a person feels it: from the moment the FX thread starts the change until the
 * pulse that shows it has been laid out, synchronised and rendered. It also sums the FX thread's own work
 * (the change plus the pulses, without the wait for the next pulse), which is what blocks input.
 */
final class PulseProbe {
  /** FX work (change + pulses) and time until the frame showing the change is rendered, in milliseconds. */
  record Cost(double fxMs, double shownMs, int pulses) {}

  // Looked up on first use: asking for the renderer before the toolkit runs would create one.
  private static ExecutorService renderer;
  private static boolean looked;

  private PulseProbe() {}

  /** Runs {@code change} on the FX thread and waits (from another thread) until the frame showing it is rendered. */
  static Cost measure(Scene scene, Runnable change) throws Exception {
    CompletableFuture<Cost> done = new CompletableFuture<>();
    synchronized (PulseProbe.class) {
      if (!looked) {
        renderer = renderer();
        looked = true;
      }
    }
    Platform.runLater(() -> {
      long t0 = System.nanoTime();
      try {
        change.run();
      } catch (RuntimeException e) {
        done.completeExceptionally(e);
        return;
      }
      long handler = System.nanoTime() - t0;
      new Pulses(scene, t0, handler, done).next();
    });
    return done.get(60, TimeUnit.SECONDS);
  }

  /** Follows pulses until the scene no longer needs layout (a skin often asks for one more after the first). */
  private static final class Pulses {
    final Scene scene;
    final long t0;
    final CompletableFuture<Cost> done;
    long fxNs;
    long pulseStart;
    int count;
    final Runnable pre = () -> pulseStart = System.nanoTime();
    final Runnable post = this::afterLayout;

    Pulses(Scene scene, long t0, long handlerNs, CompletableFuture<Cost> done) {
      this.scene = scene;
      this.t0 = t0;
      this.fxNs = handlerNs;
      this.done = done;
    }

    void next() {
      scene.addPreLayoutPulseListener(pre);
      scene.addPostLayoutPulseListener(post);
      Platform.requestNextPulse();
    }

    void afterLayout() {
      scene.removePreLayoutPulseListener(pre);
      scene.removePostLayoutPulseListener(post);
      count++;
      // Runs after this pulse has synchronised the scene and handed the frame to the renderer.
      Platform.runLater(() -> {
        fxNs += System.nanoTime() - pulseStart;
        if (scene.getRoot().isNeedsLayout() && count < 5) {
          next();
          return;
        }
        Runnable rendered = () -> done.complete(new Cost(fxNs / 1e6, (System.nanoTime() - t0) / 1e6, count));
        if (renderer != null) renderer.submit(new com.sun.javafx.tk.RenderJob(rendered));
        else rendered.run();
      });
    }
  }

  /** The render thread's queue: a task submitted after a frame runs once that frame is drawn. */
  private static ExecutorService renderer() {
    try {
      Class<?> c = Class.forName("com.sun.javafx.tk.quantum.QuantumRenderer");
      Method m = c.getDeclaredMethod("getInstance");
      m.setAccessible(true);
      return (ExecutorService) m.invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  static synchronized boolean seesRendering() {
    return renderer != null;
  }
}
