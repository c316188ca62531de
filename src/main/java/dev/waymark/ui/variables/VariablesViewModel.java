package dev.waymark.ui.variables;

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

  public VariablesViewModel(AuthoringSession session, Executor ui, Consumer<String> problems) {
    this.session = session;
    this.ui = ui;
    this.problems = problems;
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
  public ReadOnlyObjectProperty<Set<String>> enteredProperty() { return entered.getReadOnlyProperty(); }
  /** Writable: the new variable's name field is bound to it both ways. */
  public StringProperty newNameInputProperty() { return newName; }
  /** Writable: the new variable's description field is bound to it both ways. */
  public StringProperty newDescriptionInputProperty() { return newDescription; }
}
