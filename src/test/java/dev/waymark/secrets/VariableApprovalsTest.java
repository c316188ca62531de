package dev.waymark.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariableApprovalsTest {
  @TempDir
  Path dir;

  @Test
  void approvalsAreNamesPerWorkflowTextOwnerOnlyAndRevocable() throws Exception {
    VariableApprovals a = VariableApprovals.besidePolicy(dir.resolve("approval-policy.json"));
    String key = VariableApprovals.key("name: sign in\nsteps: []\n");
    assertThat(a.approved(key)).isEmpty();
    a.approve(key, "sign in", List.of("password"));
    a.approve(key, "sign in", List.of("email"));
    assertThat(a.approved(key)).containsExactly("email", "password");
    assertThat(Files.getPosixFilePermissions(a.file())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(a.file().getFileName().toString()).isEqualTo(VariableApprovals.FILE_NAME);
    // An edited workflow is another workflow: nothing approved for it.
    assertThat(new VariableApprovals(a.file()).approved(VariableApprovals.key("name: sign in\nsteps: [] \n"))).isEmpty();
    assertThat(a.list()).singleElement().satisfies(e -> {
      assertThat(e.workflow()).isEqualTo("sign in");
      assertThat(e.variables()).containsExactly("email", "password");
    });
    assertThat(a.revoke(key)).isTrue();
    assertThat(a.approved(key)).isEmpty();
    assertThat(a.revoke(key)).isFalse();
    try (var s = Files.list(dir)) {
      // No temporary file is left behind; the lock file stays empty.
      assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(VariableApprovals.FILE_NAME,
          "." + VariableApprovals.FILE_NAME + ".lock");
    }
  }

  @Test
  void approvalsFromManyThreadsAndInstancesAtOnceAreAllKept() throws Exception {
    Path f = dir.resolve("a.json");
    List<Thread> threads = new java.util.ArrayList<>();
    for (int i = 0; i < 8; i++) {
      String key = "k" + i;
      Thread t = new Thread(() -> {
        try {
          new VariableApprovals(f).approve(key, "w", List.of("password"));
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      });
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) t.join(10_000);
    assertThat(new VariableApprovals(f).list()).hasSize(8);
  }

  @Test
  void aNameThatIsNoVariableIsRefused() {
    VariableApprovals a = new VariableApprovals(dir.resolve("a.json"));
    assertThatThrownBy(() -> a.approve("k", "w", List.of("not a name"))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aDamagedFileSaysToDeleteIt() throws Exception {
    VariableApprovals a = new VariableApprovals(Files.writeString(dir.resolve("a.json"), "{ not json"));
    assertThatThrownBy(a::list).hasMessageContaining("delete it");
  }

  @Test
  void onlyApprovedNamesAreLookedUp() throws Exception {
    List<String> asked = new java.util.ArrayList<>();
    SecretStore store = new SecretStore() {
      @Override
      public String describe() {
        return "a map";
      }

      @Override
      public Optional<String> lookup(String name) {
        asked.add(name);
        return Optional.ofNullable(Map.of("password", "p").get(name));
      }
    };
    ApprovedValues none = ApprovedValues.resolve(List.of("password", "pin"), Set.of("password"), store);
    assertThat(none.unapproved()).containsExactly("pin");
    assertThat(none.complete()).isFalse();
    assertThat(asked).isEmpty();
    ApprovedValues some = ApprovedValues.resolve(List.of("password", "pin"), Set.of("password", "pin"), store);
    assertThat(some.values()).containsExactly(Map.entry("password", "p"));
    assertThat(some.absent()).containsExactly("pin");
    assertThat(ApprovedValues.tokens(List.of("a", "b"))).isEqualTo("{{ a }}, {{ b }}");
  }
}
