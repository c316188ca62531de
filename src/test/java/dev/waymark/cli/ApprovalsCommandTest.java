package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.secrets.VariableApprovals;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ApprovalsCommandTest {
  @TempDir
  Path dir;

  private record Ran(int code, String out, String err) {}

  private Ran approvals(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new ApprovalsCommand(dir.resolve("approvals.json")));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return new Ran(cl.execute(args), out.toString(), err.toString());
  }

  @Test
  void addListsAndRevokesTheDeclaredVariablesOfAWorkflowByItsText() throws Exception {
    Path wf = Files.writeString(dir.resolve("login.yaml"), "id: login\nname: Log in\nvariables:\n  password: pw\n  email: e\n"
        + "steps:\n  - id: s1\n    type: fill\n    selector: {css: \"#pw\"}\n    value: \"{{ password }}\"\n");
    assertThat(approvals("list").out()).contains("No workflow may take values");
    Ran bad = approvals("add", wf.toString(), "pin");
    assertThat(bad.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(bad.err()).contains("declares no variable pin", "password");
    Ran added = approvals("add", wf.toString(), "password");
    assertThat(added.code()).isZero();
    assertThat(new VariableApprovals(dir.resolve("approvals.json")).approved(VariableApprovals.key(Files.readString(wf))))
        .containsExactly("password");
    assertThat(approvals("add", wf.toString()).out()).contains("email, password");
    assertThat(approvals("list").out()).contains("Log in", "email, password");
    assertThat(approvals("revoke", wf.toString()).out()).startsWith("Revoked");
    assertThat(approvals("revoke", wf.toString()).out()).contains("had no approval");
    assertThat(approvals("forget").code()).isEqualTo(ExitCodes.USAGE);
    assertThat(approvals("add").err()).contains("name the workflow file");
  }
}
