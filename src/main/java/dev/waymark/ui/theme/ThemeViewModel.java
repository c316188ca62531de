package dev.waymark.ui.theme;

import dev.waymark.ui.common.ThemeChoice;
import dev.waymark.ui.common.UiThreads;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's theme: the person's choice (system, light or dark), kept in the appearance file, and whether the
 * windows are dark now. A change applies at once to every window; "system" asks the desktop again off the FX
 * thread. The first theme is applied in the constructor, before the window shows, so it never flashes light.
 */
public final class ThemeViewModel {
  private static final Logger LOG = LoggerFactory.getLogger(ThemeViewModel.class);

  private final Appearance appearance;
  private final Executor ui;
  private final Executor io;
  private final Consumer<String> problems;
  private final ReadOnlyObjectWrapper<ThemeChoice> choice = new ReadOnlyObjectWrapper<>(ThemeChoice.SYSTEM);
  private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper();
  private boolean applied;
  /** What the file should say; saves on the worker pool may run out of order, so each writes the latest. */
  private volatile ThemeChoice toSave;
  private final Object saving = new Object();

  public ThemeViewModel(Appearance appearance, Executor ui, Consumer<String> problems) {
    this(appearance, ui, UiThreads.worker(), problems);
  }

  /** With the executor that saves the file and asks the desktop ({@code Runnable::run} in a test that wants it inline). */
  public ThemeViewModel(Appearance appearance, Executor ui, Executor io, Consumer<String> problems) {
    this.appearance = appearance;
    this.ui = ui;
    this.io = io;
    this.problems = problems;
    ThemeChoice saved = ThemeChoice.SYSTEM;
    if (appearance.file() != null) {
      try {
        saved = AppearanceFile.load(appearance.file());
      } catch (IOException e) {
        LOG.warn("appearance file unusable", e);
        problems.accept(e.getMessage() + ". Until then the studio follows the system's theme.");
      }
    }
    choice.set(saved);
    // Once, synchronously: the desktop answers in milliseconds, and the window must not show in the wrong theme.
    apply(saved == ThemeChoice.SYSTEM ? appearance.system().prefersDark() : saved == ThemeChoice.DARK);
  }

  /** Applies the choice at once and keeps it in the appearance file. */
  public void choose(ThemeChoice c) {
    if (c == null) return;
    boolean changed = c != choice.get();
    choice.set(c);
    if (c == ThemeChoice.SYSTEM) refreshSystem();
    else apply(c == ThemeChoice.DARK);
    if (changed && appearance.file() != null) save(c);
  }

  /** When the choice is "system", asks the desktop again (off the FX thread) and follows a changed preference. */
  public void refreshSystem() {
    if (choice.get() != ThemeChoice.SYSTEM) return;
    io.execute(() -> {
      boolean d = appearance.system().prefersDark();
      ui.execute(() -> {
        if (choice.get() == ThemeChoice.SYSTEM) apply(d);
      });
    });
  }

  private void apply(boolean d) {
    // Re-applying the same user-agent stylesheet restyles every node of every window: only on a change.
    if (applied && dark.get() == d) return;
    appearance.applier().apply(d);
    dark.set(d);
    applied = true;
  }

  private void save(ThemeChoice c) {
    toSave = c;
    io.execute(() -> {
      try {
        synchronized (saving) {
          AppearanceFile.save(appearance.file(), toSave);
        }
      } catch (IOException e) {
        LOG.warn("appearance not saved", e);
        ui.execute(() -> problems.accept("The theme is in use but could not be saved (" + e.getMessage()
            + "); Waymark will start with the previous one"));
      }
    });
  }

  public ReadOnlyObjectProperty<ThemeChoice> choiceProperty() { return choice.getReadOnlyProperty(); }
  /** Whether the windows wear the dark theme now. */
  public ReadOnlyBooleanProperty darkProperty() { return dark.getReadOnlyProperty(); }
}
