import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Html } from '@react-email/html'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { countOf } from '#shared/plural.ts'

export type PasswordResetEmailProps = { resetUrl: string; validMinutes: number }

/** The recovery e-mail of the reserved area; the link opens /admin/update-password. */
export function PasswordResetEmail({ resetUrl, validMinutes }: PasswordResetEmailProps) {
  return (
    <Html lang="it">
      <Head />
      <Preview>Imposta una nuova password per l'area riservata di Artigiani Milano</Preview>
      <Body style={{ backgroundColor: '#f5f5f4', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1c1917' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, margin: '24px auto', maxWidth: 560, padding: 32 }}>
          <Heading as="h1" style={{ fontSize: 22, margin: '0 0 16px' }}>
            Recupero password
          </Heading>
          <Text>Abbiamo ricevuto una richiesta di reimpostazione della password per l'area riservata di Artigiani Milano.</Text>
          <Text>
            Per scegliere una nuova password apri il link qui sotto. Il link vale {countOf(validMinutes, 'minuto', 'minuti')} e si può usare una sola volta.
          </Text>
          <Section style={{ margin: '24px 0' }}>
            <Button href={resetUrl} style={{ backgroundColor: '#c81e1e', borderRadius: 6, color: '#ffffff', padding: '12px 20px', fontWeight: 700 }}>
              Imposta una nuova password
            </Button>
          </Section>
          <Text style={{ fontSize: 13, color: '#57534e' }}>Se il pulsante non funziona, copia questo indirizzo nel browser: {resetUrl}</Text>
          <Text style={{ fontSize: 13, color: '#57534e' }}>Se non hai chiesto tu il recupero, ignora questa email: la password attuale resta valida.</Text>
        </Container>
      </Body>
    </Html>
  )
}
