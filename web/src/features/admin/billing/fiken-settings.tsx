import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type ConnectInput,
  type FikenConnection,
  useConnectFiken,
  useDisconnectFiken,
  useFikenConnection,
  useTestFiken,
} from "@/api/fiken.admin";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";

/** The form that connects Fiken: the token goes to the server once and is never shown again. */
function ConnectForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ConnectInput>({
    defaultValues: { token: "", company: "", bankAccount: "1920:10001" },
  });
  const [failure, setFailure] = useState("");
  const connect = useConnectFiken({
    onSuccess: (c) => {
      reset();
      setFailure("");
      toast.success(`Fiken connected: ${c.company}`);
    },
    onError: (e) => setFailure(errorMessage(e, "Fiken could not be connected.")),
  });
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((values) => connect.mutate(values))}
      noValidate
    >
      <FormField
        label="API token"
        error={errors.token?.message}
        hint="A personal API token from Fiken (Rediger konto → API → Personlige API-nøkler). It is stored encrypted and never shown again."
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            {...register("token", { required: "The API token is required" })}
          />
        )}
      </FormField>
      <FormField
        label="Company slug"
        error={errors.company?.message}
        hint="The company's name in Fiken's addresses: fiken.no/foretak/<slug>."
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            {...register("company", { required: "The company slug is required" })}
          />
        )}
      </FormField>
      <FormField
        label="Bank account code"
        error={errors.bankAccount?.message}
        hint="Fiken's code of the account invoices are paid to (1920:10001 is the first)."
      >
        {(control) => (
          <Input
            {...control}
            {...register("bankAccount", {
              pattern: { value: /^\d{4}:\d{5}$/, message: "A code like 1920:10001" },
            })}
          />
        )}
      </FormField>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : null}
          Connect Fiken
        </Button>
      </div>
    </form>
  );
}

function Connected({ connection }: { connection: FikenConnection }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const test = useTestFiken({
    onSuccess: (r) => setResult(r),
    onError: (e) => setResult({ ok: false, message: errorMessage(e, "The test failed.") }),
  });
  const disconnect = useDisconnectFiken({
    onSuccess: () => toast.success("Fiken disconnected: invoices use your own number series again"),
    onError: (e) => toast.error(errorMessage(e, "Fiken could not be disconnected.")),
  });
  return (
    <div className="flex flex-col gap-3">
      <p>
        Connected to <strong>{connection.company}</strong>
        {connection.source === "environment" ? " (set by the server's environment)" : ""}; payments
        go to account {connection.bankAccount}.
      </p>
      <p className="text-sm text-muted-foreground">
        Invoices and credit notes are issued, numbered and sent by Fiken; your own number series is
        not used while Fiken is connected.
      </p>
      {result ? (
        <p role="status" className={result.ok ? "text-sm" : "text-sm text-destructive"}>
          {result.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => test.mutate(undefined)} disabled={test.isPending}>
          Test connection
        </Button>
        {connection.source === "settings" ? (
          <Button
            variant="outline"
            onClick={() => disconnect.mutate(undefined)}
            disabled={disconnect.isPending}
          >
            Disconnect
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Settings → Billing: Fiken, connected or not. */
export function FikenSettings() {
  const connection = useFikenConnection();
  return (
    <section aria-labelledby="fiken-heading" className="flex flex-col gap-4">
      <h2 id="fiken-heading" className="text-lg font-semibold">
        Fiken
      </h2>
      <p className="text-sm text-muted-foreground">
        Issue and send invoices through your Fiken (EHF when the buyer can receive it, else e-mail);
        payments go both ways. Fiken's API module costs 99 kr a month on top of its subscription.
      </p>
      {connection.isPending ? (
        <Spinner label="Loading the Fiken connection" />
      ) : connection.isError ? (
        <p className="text-destructive">Failed to load the Fiken connection.</p>
      ) : connection.data.connected ? (
        <Connected connection={connection.data} />
      ) : (
        <ConnectForm />
      )}
    </section>
  );
}
