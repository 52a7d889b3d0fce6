import type { LegalDocument } from '@rpg/contract';
import { useEffect, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { LegalLinks } from '@/components/LegalLinks';
import { PublicPage } from '@/components/PublicPage';
import { fetchLegalDocument, type LegalName } from '../api/legal-document';

/** Issue 43: /terms and /privacy (each its own component below, so a new page starts empty), the host's text (plain text: paragraphs split on blank lines, shown as text). */
export function LegalPage({ name }: { name: LegalName }) {
  const [document, setDocument] = useState<LegalDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchLegalDocument(name, controller.signal).then(setDocument, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [name, attempt]);

  useEffect(() => {
    if (document) window.document.title = `${document.title} · RPG Adventure`;
  }, [document]);

  return (
    <PublicPage>
      <Card className="w-full max-w-3xl p-6 sm:p-8">
        {failed ? (
          <LoadErrorAlert
            title="This page could not be loaded."
            onRetry={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          />
        ) : !document ? (
          <Spinner label="Loading" />
        ) : (
          <article>
            <h1 className="text-3xl font-bold text-gold-300">{document.title}</h1>
            <div className="mt-6 space-y-4 text-parchment-100">
              {document.text.split(/\n\s*\n/).map((paragraph, index) => (
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          </article>
        )}
      </Card>
      <footer className="mt-8 text-center text-sm text-parchment-300">
        <LegalLinks />
      </footer>
    </PublicPage>
  );
}

export function TermsPage() {
  return <LegalPage name="terms" />;
}

export function PrivacyPage() {
  return <LegalPage name="privacy" />;
}
