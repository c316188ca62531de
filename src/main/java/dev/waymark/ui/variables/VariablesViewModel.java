package dev.waymark.ui.variables;

import dev.waymark.secrets.SecretStore;
import dev.waymark.secrets.SecretStoreException;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.ui.common.Problems;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Variables: names with descriptions (part of the workflow), and their values (typed into masked fields,
 * handed to the session's memory and nowhere else; this model never holds them).
 */
public final class VariablesViewModel {
  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final ReadOnlyObjectWrapper<Map<String, String>> variables = new ReadOnlyObjectWrapper<>(Map.of());
  private final ReadOnlyObjectWrapper<Set<String>> entered = new ReadOnlyObjectWrapper<>(Set.of());
  private final StringProperty newName = new SimpleStringProperty("");
  private final StringProperty newDescription = new SimpleStringProperty("");
  private final ReadOnlyObjectWrapper<Set<String>> remembered = new ReadOnlyObjectWrapper<>(Set.of());
  private final SecretStore keyring;
  // The keyring is D-Bus (or a system call) away: never on the FX thread, one call at a time.
  private static final Executor KEYRING = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "waymark-keyring");
    t.setDaemon(true);
    return t;
  });

  public VariablesViewModel(AuthoringSession session, Executor ui, Consumer<String> problems) {
    this(session, ui, problems, null);
  }

  /** {@code keyring}: where Remember keeps a value and From keyring reads it back (null: neither is offered). */
  public VariablesViewModel(AuthoringSession session, Executor ui, Consumer<String> problems, SecretStore keyring) {
    this.session = session;
    this.ui = ui;
    this.problems = problems;
    this.keyring = keyring;
  }

  /** Whether Remember and From keyring are offered. */
  public boolean offersKeyring() {
    return keyring != null;
  }

  /**
   * Keeps the value in the OS keyring as well as the session (the person ticked Remember), so it survives a restart.
   * The keyring is reached on a thread of its own; the value is not kept here.
   */
  public CompletableFuture<?> remember(String name, String value) {
    if (keyring == null || value == null || value.isEmpty()) return CompletableFuture.completedFuture(null);
    return report(setValue(name, value).thenRunAsync(() -> {
      try {
        keyring.store(name, value);
        ui.execute(() -> remembered.set(with(remembered.get(), name)));
      } catch (SecretStoreException e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    }, KEYRING));
  }

  /** Reads the value the keyring keeps for the variable into the session (the person pressed From keyring). */
  public CompletableFuture<?> recall(String name) {
    if (keyring == null) return CompletableFuture.completedFuture(null);
    return report(CompletableFuture.supplyAsync(() -> {
      try {
        return keyring.lookup(name);
      } catch (SecretStoreException e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    }, KEYRING).thenCompose(v -> {
      if (v.isEmpty()) {
        throw new java.util.concurrent.CompletionException(new SecretStoreException(keyring.describe()
            + " holds no value for {{ " + name + " }}: type it, tick Remember, and it will"));
      }
      ui.execute(() -> remembered.set(with(remembered.get(), name)));
      return session.setValue(name, v.get());
    }));
  }

  private static Set<String> with(Set<String> set, String name) {
    Set<String> out = new java.util.TreeSet<>(set);
    out.add(name);
    return java.util.Collections.unmodifiableSet(out);
  }

  public void accept(SessionSnapshot s) {
    if (!s.variables().equals(variables.get())) variables.set(java.util.Collections.unmodifiableMap(new LinkedHashMap<>(s.variables())));
    if (!s.valuesEntered().equals(entered.get())) entered.set(s.valuesEntered());
  }

  public CompletableFuture<?> add() {
    String name = newName.get() == null ? "" : newName.get().strip();
    if (name.isEmpty()) {
      problems.accept("Type a name for the variable, such as password; steps use it as {{ password }}");
      return CompletableFuture.completedFuture(null);
    }
    return report(session.declareVariable(name, newDescription.get()).thenRun(() -> ui.execute(() -> {
      newName.set("");
      newDescription.set("");
    })));
  }

  public CompletableFuture<?> describe(String name, String description) {
    return report(session.declareVariable(name, description));
  }

  public CompletableFuture<?> remove(String name) {
    return report(session.removeVariable(name));
  }

  /** Hands a value straight to the session; it is not kept here. */
  public CompletableFuture<?> setValue(String name, String value) {
    return report(session.setValue(name, value));
  }

  private <T> CompletableFuture<T> report(CompletableFuture<T> f) {
    return f.whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  public ReadOnlyObjectProperty<Map<String, String>> variablesProperty() { return variables.getReadOnlyProperty(); }
  /** The variables whose value this studio put into or read from the keyring. */
  public ReadOnlyObjectProperty<Set<String>> rememberedProperty() { return remembered.getReadOnlyProperty(); }
  public ReadOnlyObjectProperty<Set<String>> enteredProperty() { return entered.getReadOnlyProperty(); }
  /** Writable: the new variable's name field is bound to it both ways. */
  public StringProperty newNameInputProperty() { return newName; }
  /** Writable: the new variable's description field is bound to it both ways. */
  public StringProperty newDescriptionInputProperty() { return newDescription; }
}
